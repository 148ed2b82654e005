import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconCoin, IconRocket, IconTrendingUp } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ActionLink } from '@/components/action';
import { paths } from '@/config/paths';
import { isLoggedInAtom } from '@/lib/session/session';
import { DeferredSections } from './deferred-sections';
import classes from './landing-page.module.css';

// Kept in this module: a file of its own would be one more download on the landing's first screen.
export interface CallToActionProps {
  primaryLabel: string;
  secondaryLabel: string;
  /** Spec section 2: the primary button goes to /signup and the secondary to /login unless told otherwise. */
  primaryTo?: string;
  secondaryTo?: string;
  size?: 'md' | 'lg';
}

/**
 * For a signed-in founder, "create my company" opens the wizard rather than the sign-up page
 * (which would only bounce them), and no "Log in" is offered.
 */
function forSession(to: string, isLoggedIn: boolean): string | null {
  if (!isLoggedIn) return to;
  if (to === paths.signup) return paths.wizard;
  return to === paths.login ? null : to;
}

/** The pair of buttons that closes a marketing block: a filled primary action and a plain secondary one. */
export function CallToAction({
  primaryLabel,
  secondaryLabel,
  primaryTo = paths.signup,
  secondaryTo = paths.login,
  size = 'lg',
}: CallToActionProps) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const primary = forSession(primaryTo, isLoggedIn);
  const secondary = forSession(secondaryTo, isLoggedIn);
  return (
    <Group gap="sm">
      {primary ? (
        <ActionLink to={primary} size={size}>
          {primaryLabel}
        </ActionLink>
      ) : null}
      {secondary ? (
        <ActionLink to={secondary} size={size} variant="default">
          {secondaryLabel}
        </ActionLink>
      ) : null}
    </Group>
  );
}

const STATS = [
  { value: 'landing.stats.countries.value', label: 'landing.stats.countries.label' },
  { value: 'landing.stats.price.value', label: 'landing.stats.price.label' },
  { value: 'landing.stats.documents.value', label: 'landing.stats.documents.label' },
] as const;

const FLOATING_CARDS = [
  { id: 'launch', icon: IconRocket },
  { id: 'ideas', icon: IconBulb },
  { id: 'growth', icon: IconTrendingUp },
  { id: 'funding', icon: IconCoin },
] as const;

/** The four floating cards beside the hero (spec section 2): Launch, Ideas, Growth, Funding. */
function FloatingCards() {
  const { t } = useTranslation('landing');
  return (
    <ul className={classes.floating} aria-label={t('landing.floating.label')}>
      {FLOATING_CARDS.map(({ id, icon: CardIcon }) => (
        <li key={id} className={classes.floatingCard} data-card={id}>
          <span className={classes.floatingIcon}>
            <CardIcon size={22} aria-hidden="true" />
          </span>
          <span>
            <strong className={classes.floatingTitle}>{t(`landing.floating.${id}.title`)}</strong>
            <span className={classes.floatingText}>{t(`landing.floating.${id}.text`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** / and /home: the hero, then services, pricing and the FAQ (loaded as the reader scrolls). */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <>
      <section className={classes.hero} aria-labelledby="landing-title">
        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <div className={classes.heroGrid}>
            <Stack gap="lg">
              <Text c="brand.8" fw={700} tt="uppercase" size="sm">
                {t('landing.slogan')}
              </Text>
              <Title id="landing-title" order={1} fz={{ base: 34, sm: 48 }} lh={1.15}>
                {t('landing.title')}
              </Title>
              <Text size="xl" c="dimmed">
                {t('landing.description')}
              </Text>
              <CallToAction
                primaryLabel={t('landing.primaryCta')}
                secondaryLabel={t('landing.secondaryCta')}
                secondaryTo={paths.services}
              />
            </Stack>
            <FloatingCards />
          </div>
          <dl className={classes.stats}>
            {STATS.map((stat) => (
              <div key={stat.value} className={classes.stat}>
                <dt className={classes.statLabel}>{t(stat.label)}</dt>
                <dd className={classes.statValue}>{t(stat.value)}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>
      <DeferredSections />
    </>
  );
}
