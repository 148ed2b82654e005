import { Container, Group } from '@mantine/core';
import { IconCoin, IconMessage, IconRocket, IconTrendingUp } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ActionLink } from '@/components/action';
import { RouteNotice } from '@/components/route-notice';
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

const STATS = ['countries', 'price', 'documents'] as const;

// Ideas ("an assistant at every step") shows a speech bubble: the bulb, which the assistant's chunk uses
// too, would come as a file of its own, and the first screen must not grow.
const FLOATING_CARDS = [
  { id: 'launch', icon: IconRocket },
  { id: 'ideas', icon: IconMessage },
  { id: 'growth', icon: IconTrendingUp },
  { id: 'funding', icon: IconCoin },
] as const;

// The hero's largest picture on a wide screen, found only once this code runs: asked for at once.
// React 18 passes on only the attribute's lowercase spelling, which its types do not list.
const ASK_EARLY = { fetchpriority: 'high' };

/**
 * The product visual: the top of real statutes from our generator, and the spec's four cards (Launch,
 * Ideas, Growth, Funding) as a tidy 2×2 grid of labels over its faded foot. Plain markup and CSS: the
 * landing's first screen must not grow its JavaScript. scripts/make-landing-preview.ts draws the picture;
 * its size is written here too, so that the browser keeps its place before it arrives.
 */
function ProductVisual() {
  const { t } = useTranslation('landing');
  return (
    <div className={classes.visual}>
      <figure>
        <figcaption>{t('landing.preview.caption')}</figcaption>
        <img
          src="/landing/statuts-preview.webp"
          width={860}
          height={660}
          alt={t('landing.preview.alt')}
          decoding="async"
          {...ASK_EARLY}
        />
      </figure>
      <ul className={classes.labels} aria-label={t('landing.floating.label')}>
        {FLOATING_CARDS.map(({ id, icon: CardIcon }) => (
          <li key={id} data-card={id}>
            <span>
              <CardIcon size={20} aria-hidden="true" />
            </span>
            <span>
              <strong>{t(`landing.floating.${id}.title`)}</strong>
              <span>{t(`landing.floating.${id}.text`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** / and /home: the hero, then services, pricing and the FAQ (loaded as the reader scrolls). */
export function LandingPage() {
  const { t } = useTranslation('landing');
  // Plain elements styled by the CSS module (by their place, to keep its class list short) rather than
  // Mantine's Stack, Text and Title: the first screen's JavaScript must not grow.
  return (
    <>
      {/* What the page the reader comes from had to say (e.g. their account is deleted). */}
      <RouteNotice />
      <section className={classes.hero} aria-labelledby="landing-title">
        <Container size="lg">
          <div className={classes.heroGrid}>
            <div className={classes.heroText}>
              <p>{t('landing.slogan')}</p>
              <h1 id="landing-title">{t('landing.title')}</h1>
              <p>{t('landing.description')}</p>
              <p>{t('landing.youDo')}</p>
              <CallToAction
                primaryLabel={t('landing.primaryCta')}
                secondaryLabel={t('landing.secondaryCta')}
                secondaryTo={paths.services}
              />
              <dl className={classes.stats}>
                {STATS.map((stat) => (
                  <div key={stat}>
                    <dt>{t(`landing.stats.${stat}.label`)}</dt>
                    <dd>{t(`landing.stats.${stat}.value`)}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <ProductVisual />
          </div>
        </Container>
      </section>
      <DeferredSections />
    </>
  );
}
