import { Loader, Text } from '@mantine/core';
import { fetchOffers, formatPrice, localized, peekOffers } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { filingTotal } from '@/lib/filing-cost/filing-cost';
import { filingFormOf } from '@/lib/filing-cost/filing-forms';
import { feeAmountFor, type LegalForm } from '@/shared/jurisdictions';
import { Details } from './details';
import { Line } from './personal-parts';
import { usePersonalWords } from './personal-words';
import classes from './wizard-assistant.module.css';

/**
 * What creating the founder's form costs in all: the cheapest Kreo offer it can be filed with, plus
 * the fees of its country only (the same computation as /plans' total, src/lib/filing-cost).
 */
export function FilingCost({ form, formName }: { form: LegalForm; formName: string }) {
  const { t, language, tJurisdictions, amount } = usePersonalWords();
  const offers = useRemoteList(fetchOffers, peekOffers);
  const filing = filingFormOf(form.jurisdiction, form.code);
  if (!filing) return null;
  if (offers.status === 'loading') return <Loader size="xs" color="gray" aria-hidden="true" />;
  const { offer, plan, fees, sum } = filingTotal(offers.status === 'ready' ? offers.items : [], filing);
  const feesText = amount(fees.amount, fees.currency);
  // Euros to Kreo and lei to Romania's bodies are shown side by side, never converted.
  const headline =
    !offer || !plan
      ? t('filingCost.feesOnly', { form: formName, fees: feesText })
      : sum
        ? t('filingCost.total', { form: formName, total: amount(sum, fees.currency) })
        : t('filingCost.totalTwoCurrencies', {
            form: formName,
            price: formatPrice(plan.price, language, plan.currency),
            fees: feesText,
          });

  return (
    <>
      <Text size="sm" fw={700} data-testid="assistant-personal-headline">
        {headline}
      </Text>
      <ul className={classes.personalList}>
        {offers.status === 'ready' ? (
          <Line>
            {offer && plan
              ? t('filingCost.offer', {
                  offer: localized(offer.name, language),
                  price: formatPrice(plan.price, language, plan.currency),
                })
              : t('filingCost.noOffer')}
          </Line>
        ) : null}
        {filing.fees.map((fee) => {
          const label = tJurisdictions(fee.label);
          const { law } = fee.source;
          if (fee.optional)
            return (
              <Line key={fee.id} law={law}>
                {t('filingCost.optional', { fee: label })}
              </Line>
            );
          if (fees.unpriced.includes(fee))
            return (
              <Line key={fee.id} law={law}>
                {t('filingCost.unpriced', { fee: label })}
              </Line>
            );
          return (
            <Line key={fee.id} law={law}>
              {t('filingCost.fee', {
                fee: label,
                amount: amount(feeAmountFor(fee, form.code), fee.currency),
              })}
            </Line>
          );
        })}
      </ul>
      {/* What each fee covers (the legal notice's flat rate is before VAT), folded; none, no fold. */}
      {filing.fees.some((fee) => fee.detail) ? (
        <Details label={t('filingCost.feeDetails')}>
          <ul className={classes.personalList}>
            {filing.fees.map((fee) =>
              fee.detail ? (
                <li key={fee.id}>
                  <Text size="sm">
                    {t('filingCost.feeDetail', {
                      fee: tJurisdictions(fee.label),
                      detail: tJurisdictions(fee.detail),
                    })}
                  </Text>
                </li>
              ) : null,
            )}
          </ul>
        </Details>
      ) : null}
    </>
  );
}
