import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { legalFormShortNameKey } from '@/shared/jurisdictions';
import { fetchOffers, peekOffers, type Offer } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { formsCheapestWith, missingForEveryForm, type FilingForm } from '@/lib/filing-cost/filing-cost';
import { FILING_FORMS } from '@/lib/filing-cost/filing-forms';
import { productName } from './filing-cost-data';

const lowerFirst = (text: string, language: string) =>
  text.charAt(0).toLocaleLowerCase(language) + text.slice(1);

/**
 * The line under a pricing card that says whether its offer can be filed: "the cheapest to file"
 * on the cheapest offer holding every document a filing takes (for every form, or the forms named),
 * "not enough to file: it lacks …" on an offer that cannot file any form. Nothing on the others.
 * Sits under the price, in the card's price row, so that the cards' rows stay level.
 */
export function FilingFitLine({
  offer,
  forms = FILING_FORMS,
}: {
  offer: Offer;
  forms?: readonly FilingForm[];
}) {
  const { t, i18n } = useTranslation('marketing');
  // The list the pricing section shows (one request per visit: fetchOffers keeps it).
  const catalog = useRemoteList(fetchOffers, peekOffers);
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  const language = i18n.language;
  const list = (items: string[]) =>
    new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);

  if (catalog.status !== 'ready') return null;
  const offers = catalog.items;
  const cheapestFor = formsCheapestWith(offer, offers, forms);
  let line: string | null = null;
  let kind: 'cheapest' | 'notEnough' = 'cheapest';
  if (cheapestFor.length > 0 && cheapestFor.length === forms.length) line = t('pricing.filing.cheapest');
  else if (cheapestFor.length > 0)
    line = t('pricing.filing.cheapestFor', {
      forms: list(
        cheapestFor.map((form) => tJurisdictions(legalFormShortNameKey(form.country, form.code) as never)),
      ),
    });
  else {
    const missing = missingForEveryForm(offer, forms);
    if (missing.length > 0) {
      kind = 'notEnough';
      line = t('pricing.filing.notEnough', {
        documents: list(missing.map((sku) => lowerFirst(productName(sku, language), language))),
      });
    }
  }
  if (!line) return null;
  return (
    <Text size="sm" fw={500} mt={8} c={kind === 'cheapest' ? 'brand.8' : 'red.9'} data-filing={kind}>
      {line}
    </Text>
  );
}
