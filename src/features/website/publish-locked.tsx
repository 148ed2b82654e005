import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  cheapestOfferWith,
  fetchOffers,
  firstPlan,
  formatPrice,
  localized,
  peekOffers,
} from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';

/** The product that lets a user publish (the catalog's SKU). */
export const WEBSITE_PRODUCT_SKU = 'PROFESSIONAL_PROMOTIONAL_WEBSITE';

/**
 * What unlocks publishing, for a user whose purchases lack the website: the cheapest package that has
 * it, named and priced from the catalog the pricing page shows, and the way to /plans.
 */
export function PublishLocked() {
  const { t, i18n } = useTranslation('website');
  const offers = useRemoteList(fetchOffers, peekOffers);
  const offer = offers.status === 'ready' ? cheapestOfferWith(offers.items, WEBSITE_PRODUCT_SKU) : undefined;
  const plan = offer ? firstPlan(offer) : undefined;
  return (
    <Alert
      color="brand"
      variant="light"
      title={t('publish.lockedTitle')}
      icon={<IconLock aria-hidden="true" />}
      data-testid="website-publish-locked"
    >
      <Text size="sm">
        {offer && plan
          ? t('publish.locked', {
              offer: localized(offer.name, i18n.language),
              price: formatPrice(plan.price, i18n.language, plan.currency),
            })
          : t('publish.lockedGeneric')}
      </Text>
      <Anchor component={Link} to={paths.plans} size="sm" fw={600} mt="xs" display="inline-block">
        {t('publish.seePlans')}
      </Anchor>
    </Alert>
  );
}
