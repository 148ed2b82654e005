import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { legalFormShortNameKey, type LegalFee } from '@/shared/jurisdictions';
import { formatFeeAmount } from '@/lib/format/fee-amount';
import classes from './outside-fees.module.css';
import { OUTSIDE_FEES, type OutsideFeesCountry } from '@/lib/filing-cost/outside-fees-data';
import { SectionFrame } from './section-frame';

interface FeeRowProps {
  fee: LegalFee;
  country: OutsideFeesCountry;
}

function FeeRow({ fee, country }: FeeRowProps) {
  const { t, i18n } = useTranslation('marketing');
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  const amountOf = (amount: LegalFee['amount']) => formatFeeAmount(amount, fee.currency, i18n.language, t);
  const perForm = Object.entries(fee.perForm ?? {});
  return (
    <Table.Tr data-fee={fee.id}>
      <Table.Th scope="row" fw={600}>
        {tJurisdictions(fee.label as never)}
        {fee.optional ? (
          <Badge ml="xs" size="sm" variant="light" color="gray">
            {t('outsideFees.optional')}
          </Badge>
        ) : null}
        {fee.detail ? (
          <Text size="sm" c="dimmed" fw={400} mt={4}>
            {tJurisdictions(fee.detail as never)}
          </Text>
        ) : null}
      </Table.Th>
      <Table.Td>
        {amountOf(fee.amount)}
        {perForm.length > 0 ? (
          <ul className={classes.perForm} aria-label={t('outsideFees.byForm')}>
            {perForm.map(([form, amount]) => (
              <li key={form}>
                {t('outsideFees.perForm', {
                  form: tJurisdictions(legalFormShortNameKey(country.code, form) as never),
                  amount: amountOf(amount),
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </Table.Td>
      <Table.Td>{t(`outsideFees.payee.${fee.payee}`)}</Table.Td>
      <Table.Td>
        {/* The law's own name, in its own language: a citation is not translated. */}
        <Text size="sm">
          {fee.source.url ? (
            <Anchor href={fee.source.url} className={classes.sourceLink}>
              {fee.source.law}
            </Anchor>
          ) : (
            fee.source.law
          )}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function CountryFees({ country }: { country: OutsideFeesCountry }) {
  const { t } = useTranslation('marketing');
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  const headingId = useId();
  const name = tJurisdictions(country.title as never);
  return (
    <section aria-labelledby={headingId} data-country={country.code}>
      <Title order={3} id={headingId} mb="sm">
        {name}
      </Title>
      {/* Focusable and named: a keyboard or screen-reader user can scroll the table on a phone. */}
      <div
        className={classes.scroller}
        role="region"
        aria-label={t('outsideFees.scrollHint', { country: name })}
        tabIndex={0}
      >
        <Table className={classes.table} aria-labelledby={headingId} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('outsideFees.columns.fee')}</Table.Th>
              <Table.Th scope="col">{t('outsideFees.columns.amount')}</Table.Th>
              <Table.Th scope="col">{t('outsideFees.columns.payee')}</Table.Th>
              <Table.Th scope="col">{t('outsideFees.columns.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {country.fees.map((fee) => (
              <FeeRow key={fee.id} fee={fee} country={country} />
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </section>
  );
}

function OutsideFees() {
  const { t } = useTranslation('marketing');
  return (
    <SectionFrame
      headingOrder={2}
      align="start"
      id="outside-fees"
      title={t('outsideFees.title')}
      lead={t('outsideFees.lead')}
    >
      <Stack gap="xl">
        {OUTSIDE_FEES.map((country) => (
          <CountryFees key={country.code} country={country} />
        ))}
        <Text size="sm" c="dimmed">
          {t('outsideFees.footnote')}
        </Text>
      </Stack>
    </SectionFrame>
  );
}

/**
 * 'What you still pay outside Kreo', below the offers on /plans: per country, the official costs of
 * creating the company (schemas/jurisdictions/<code>.json `fees`), with who is paid and the text that
 * sets each amount. Headings: the section's h2, one h3 per country. While the countries' words load,
 * the offers above stay on screen (this section waits alone).
 */
export function OutsideFeesSection() {
  return (
    <Suspense fallback={null}>
      <OutsideFees />
    </Suspense>
  );
}
