import { Stack, Table, Text, Title } from '@mantine/core';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOffers, formatPrice, localized, peekOffers, type Offer } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { formatFeeAmount } from '@/lib/format/fee-amount';
import { legalFormShortNameKey, type LegalFee } from '@/shared/jurisdictions';
import { filingTotal, type FilingForm } from '@/lib/filing-cost/filing-cost';
import { FILING_FORMS } from '@/lib/filing-cost/filing-forms';
import classes from './outside-fees.module.css';
import { SectionFrame } from './section-frame';

function FormRow({ form, offers }: { form: FilingForm; offers: readonly Offer[] }) {
  const { t, i18n } = useTranslation('marketing');
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  const language = i18n.language;
  const { offer, plan, fees, sum } = filingTotal(offers, form);
  const feesText = formatFeeAmount(fees.amount, fees.currency, language, t);
  const feeNames = (list: LegalFee[]) =>
    new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(
      list.map((fee) => tJurisdictions(fee.label as never)),
    );

  // Two currencies (euros to Kreo, lei to Romania's bodies) are shown side by side, never converted.
  const total =
    !offer || !plan
      ? t('totalCost.noFileable')
      : sum
        ? formatFeeAmount(sum, fees.currency, language, t)
        : t('totalCost.twoCurrencies', {
            price: formatPrice(plan.price, language, plan.currency),
            fees: feesText,
          });

  return (
    <Table.Tr data-form={`${form.country}-${form.code}`}>
      <Table.Th scope="row" fw={600}>
        {tJurisdictions(legalFormShortNameKey(form.country, form.code) as never)}
      </Table.Th>
      <Table.Td>
        {offer && plan
          ? t('totalCost.package', {
              offer: localized(offer.name, language),
              price: formatPrice(plan.price, language, plan.currency),
            })
          : t('totalCost.noFileable')}
      </Table.Td>
      <Table.Td>
        {feesText}
        {fees.unpriced.length > 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('totalCost.unpriced', { fees: feeNames(fees.unpriced) })}
          </Text>
        ) : null}
        {fees.optional.length > 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('totalCost.optional', { fees: feeNames(fees.optional) })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td fw={700}>{total}</Table.Td>
    </Table.Tr>
  );
}

function CountryTotals({ country, offers }: { country: string; offers: readonly Offer[] }) {
  const { t } = useTranslation('marketing');
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  const headingId = useId();
  const name = tJurisdictions(`jurisdictions:${country}.title` as never);
  const forms = FILING_FORMS.filter((form) => form.country === country);
  return (
    // Not a landmark: the fees section below has one per country with the same name.
    <div data-country={country}>
      <Title order={3} id={headingId} mb="sm">
        {name}
      </Title>
      <div
        className={classes.scroller}
        role="region"
        aria-label={t('totalCost.scrollHint', { country: name })}
        tabIndex={0}
      >
        <Table className={classes.table} aria-labelledby={headingId} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('totalCost.columns.form')}</Table.Th>
              <Table.Th scope="col">{t('totalCost.columns.package')}</Table.Th>
              <Table.Th scope="col">{t('totalCost.columns.outside')}</Table.Th>
              <Table.Th scope="col">{t('totalCost.columns.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forms.map((form) => (
              <FormRow key={form.code} form={form} offers={offers} />
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  );
}

function TotalCost() {
  const { t } = useTranslation('marketing');
  const offers = useRemoteList(fetchOffers, peekOffers);
  if (offers.status !== 'ready' || offers.items.length === 0) return null;
  const countries = [...new Set(FILING_FORMS.map((form) => form.country))];
  return (
    <SectionFrame
      headingOrder={2}
      align="start"
      id="total-cost"
      title={t('totalCost.title')}
      lead={t('totalCost.lead')}
    >
      <Stack gap="xl">
        {countries.map((country) => (
          <CountryTotals key={country} country={country} offers={offers.items} />
        ))}
        <Text size="sm" c="dimmed">
          {t('totalCost.footnote')}
        </Text>
      </Stack>
    </SectionFrame>
  );
}

/**
 * 'What you pay in all, by legal form', on /plans and /services: per form, Kreo's cheapest offer that
 * can be filed (filing-cost.ts), the fees outside Kreo added up from schemas/jurisdictions/<code>.json,
 * and the total ("estimate" when an amount counted is one; euros and lei side by side). Shown once the
 * offers are known; the section's heading is an h2 (the page has its own h1).
 */
export function TotalCostSection() {
  return (
    <Suspense fallback={null}>
      <TotalCost />
    </Suspense>
  );
}
