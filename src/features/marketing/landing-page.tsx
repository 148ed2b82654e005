import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import classes from './landing-page.module.css';

const STATS = [
  { value: 'landing.stats.companies.value', label: 'landing.stats.companies.label' },
  { value: 'landing.stats.price.value', label: 'landing.stats.price.label' },
  { value: 'landing.stats.speed.value', label: 'landing.stats.speed.label' },
] as const;

/** / and /home: the hero; the services, pricing and FAQ sections arrive with the catalog. */
export function LandingPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container size="lg" py={{ base: 40, sm: 72 }}>
      <Stack gap="lg" maw={760}>
        <Text c="brand.7" fw={700} tt="uppercase" size="sm">
          {t('landing.slogan')}
        </Text>
        <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.15}>
          {t('landing.title')}
        </Title>
        <Text size="xl" c="dimmed">
          {t('landing.description')}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={paths.signup} size="lg">
            {t('landing.primaryCta')}
          </Button>
          <Button component={Link} to={paths.services} size="lg" variant="default">
            {t('landing.secondaryCta')}
          </Button>
        </Group>
      </Stack>
      <div className={classes.stats}>
        {STATS.map((stat) => (
          <Stack key={stat.value} gap={0}>
            <Text fz={32} fw={800} c="brand.7">
              {t(stat.value)}
            </Text>
            <Text c="dimmed">{t(stat.label)}</Text>
          </Stack>
        ))}
      </div>
    </Container>
  );
}
