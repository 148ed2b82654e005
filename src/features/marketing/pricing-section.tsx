import { Badge, Button, Card, List, Notification, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchOffers,
  firstPlan,
  formatPrice,
  localized,
  MOST_POPULAR_OFFER_SKU,
  peekOffers,
  sortOffersByPrice,
  type Offer,
  type Plan,
} from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { isLoggedInAtom } from '@/lib/session/session';
import { CatalogFailure } from './catalog-failure';
import { CatalogSkeletons } from './catalog-skeletons';
import { FilingFitLine } from './filing-fit-line';
import { SectionFrame, type SectionFrameProps } from './section-frame';
import classes from './sections.module.css';
import { standingOf, usePlanQuotes, type Standing } from './plan-quotes';
import { PlanStanding } from './plan-standing';
import { useSelectPlan } from './use-select-plan';

const KNOWN_CYCLES = ['day', 'week', 'month', 'year'] as const;
type KnownCycle = (typeof KNOWN_CYCLES)[number];
const isKnownCycle = (cycle: string): cycle is KnownCycle =>
  (KNOWN_CYCLES as readonly string[]).includes(cycle);

function usePeriodLabel() {
  const { t } = useTranslation('marketing');
  return (plan: Plan) => {
    if (plan.planType === 'ONE_TIME') return t('pricing.oneTime');
    const cycle = plan.billingCycle?.trim().toLowerCase() ?? '';
    // A cycle staff wrote that we have no words for is shown as written rather than hidden.
    return isKnownCycle(cycle) ? t(`pricing.cycle.${cycle}`) : (plan.billingCycle ?? '');
  };
}

interface OfferCardProps {
  offer: Offer;
  headingOrder: 2 | 3;
  /** What the account owns compared with this offer (null: anonymous, or not known yet). */
  standing: Standing | null;
  onSelect: (offer: Offer) => void;
}

function OfferCard({ offer, headingOrder, standing, onSelect }: OfferCardProps) {
  const { t, i18n } = useTranslation('marketing');
  const periodLabel = usePeriodLabel();
  const titleId = useId();
  const plan = firstPlan(offer);
  const popular = offer.sku === MOST_POPULAR_OFFER_SKU;
  const name = localized(offer.name, i18n.language);
  // The card's rows (mark, name, price, features, button) line up with the other cards' rows (CSS
  // subgrid), and every card keeps a row for the mark: the prices sit at one height, badge or not.
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      component="article"
      aria-labelledby={titleId}
      data-sku={offer.sku}
      className={`${classes.offerCard} ${popular ? classes.popular : ''}`}
    >
      <div className={classes.badgeSlot}>
        {popular ? (
          <Badge variant="filled" size="lg" radius="sm" className={classes.popularBadge}>
            {t('pricing.mostPopular')}
          </Badge>
        ) : null}
      </div>
      <Title order={headingOrder} fz="xl" id={titleId}>
        {name}
      </Title>
      <div>
        {plan ? (
          <>
            <span className={classes.price}>{formatPrice(plan.price, i18n.language)}</span>
            <Text c="dimmed" fw={500} mt={4}>
              {periodLabel(plan)}
            </Text>
            <FilingFitLine offer={offer} />
          </>
        ) : null}
      </div>
      <List
        aria-label={t('pricing.features', { offer: name })}
        spacing="xs"
        className={classes.features}
        icon={
          <ThemeIcon size={20} radius="xl" variant="light">
            <IconCheck size={13} aria-hidden="true" />
          </ThemeIcon>
        }
      >
        {localized(offer.features, i18n.language).map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
      <PlanStanding standing={standing} offerName={name}>
        <Button
          fullWidth
          size="md"
          variant={popular ? 'filled' : 'outline'}
          disabled={!plan}
          aria-describedby={titleId}
          onClick={() => onSelect(offer)}
        >
          {t('pricing.selectPlan')}
        </Button>
      </PlanStanding>
    </Card>
  );
}

export interface PricingSectionProps extends Omit<SectionFrameProps, 'children' | 'title'> {
  title?: string;
  /** The offer a visitor chose before logging in (/plans?offer=…): its order page opens by itself. */
  resumeOfferSku?: string | null;
  /** Called once the resumed choice is handled, so that the page drops it from its address. */
  onResumeHandled?: () => void;
}

/** 'Detailed Pricing': one card per offer, cheapest first, with Select Plan. */
export function PricingSection({ resumeOfferSku, onResumeHandled, ...frame }: PricingSectionProps) {
  const { t, i18n } = useTranslation('marketing');
  const offers = useRemoteList(fetchOffers, peekOffers);
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const { select } = useSelectPlan();
  const quotes = usePlanQuotes(isLoggedIn);

  const sorted = offers.status === 'ready' ? sortOffersByPrice(offers.items) : [];
  const resumable = resumeOfferSku && isLoggedIn && offers.status === 'ready' ? resumeOfferSku : null;
  const resumedOffer = resumable ? sorted.find((offer) => offer.sku === resumable) : undefined;
  const resumeUnknown = resumable !== null && resumedOffer === undefined;

  // An older link back from /login with a plan chosen (/plans?offer=…): on to its order page, in place.
  const resumedSku = resumedOffer?.sku;
  const latestResumed = useRef(resumedOffer);
  useEffect(() => {
    latestResumed.current = resumedOffer;
  });
  useEffect(() => {
    const offer = latestResumed.current;
    if (!resumedSku || !offer) return;
    select(offer, { replace: true });
  }, [resumedSku, select]);

  const message = resumeUnknown ? t('pricing.unknownOffer') : null;
  const headingOrder = frame.headingOrder === 1 ? 2 : 3;

  return (
    <SectionFrame {...frame} title={frame.title ?? t('pricing.title')}>
      {offers.status === 'loading' ? <CatalogSkeletons count={3} tall /> : null}
      {offers.status === 'error' ? <CatalogFailure onRetry={offers.retry} /> : null}
      {offers.status === 'ready' && sorted.length === 0 ? (
        <Text ta="center" c="dimmed">
          {t('pricing.empty')}
        </Text>
      ) : null}
      {resumedOffer ? (
        <Text role="status" ta="center" fw={500}>
          {t('pricing.resuming', { offer: localized(resumedOffer.name, i18n.language) })}
        </Text>
      ) : null}
      {sorted.length > 0 ? (
        <div className={classes.pricingGrid}>
          {sorted.map((offer) => (
            <OfferCard
              key={offer.sku}
              offer={offer}
              headingOrder={headingOrder}
              standing={standingOf(offer, quotes)}
              onSelect={select}
            />
          ))}
        </div>
      ) : null}
      {message ? (
        <Notification
          className={classes.notice}
          role="alert"
          color="red"
          icon={<IconX size={18} aria-hidden="true" />}
          withBorder
          closeButtonProps={{ 'aria-label': t('pricing.close') }}
          onClose={() => onResumeHandled?.()}
        >
          {message}
        </Notification>
      ) : null}
    </SectionFrame>
  );
}
