import { Box, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import classes from './auth-layout.module.css';
import { PageOutlet } from './page-outlet';

type AuthPanel = 'login' | 'signup';

const PANEL_TEXT = {
  login: { title: 'authPanel.login.title', text: 'authPanel.login.text' },
  signup: { title: 'authPanel.signup.title', text: 'authPanel.signup.text' },
} as const;

const PANEL_POINTS = [
  'authPanel.points.price',
  'authPanel.points.speed',
  'authPanel.points.documents',
  'authPanel.points.youDo',
] as const;

function BrandPanel({ panel }: { panel: AuthPanel }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Box component="aside" className={classes.panel}>
      <Logo inverted />
      <Stack gap="md" maw={440}>
        <Title order={2} c="white">
          {t(PANEL_TEXT[panel].title)}
        </Title>
        <Text size="lg" c="rgba(255,255,255,0.9)">
          {t(PANEL_TEXT[panel].text)}
        </Text>
        {/* Plain markup (CSS in auth-layout.module.css): Mantine's List and ThemeIcon would add their code
            to the account forms' pages, which have a weight budget. */}
        <ul className={classes.points}>
          {PANEL_POINTS.map((point) => (
            <li key={point} className={classes.point}>
              <span className={classes.pointIcon} aria-hidden="true">
                <IconCheck size={14} />
              </span>
              {t(point)}
            </li>
          ))}
        </ul>
      </Stack>
      <Text size="sm" c="rgba(255,255,255,0.85)" visibleFrom="md">
        {t('common:footer.slogan')}
      </Text>
    </Box>
  );
}

/** The account pages' layout: no header, no footer; login and signup get the branded split. */
export function AuthLayout({ panel }: { panel?: AuthPanel }) {
  if (panel) {
    return (
      <div className={classes.split}>
        <BrandPanel panel={panel} />
        <Box component="main" id="main" className={classes.content}>
          <PageOutlet />
        </Box>
      </div>
    );
  }
  return (
    <Box component="main" id="main" className={classes.single}>
      <Logo />
      <PageOutlet />
    </Box>
  );
}
