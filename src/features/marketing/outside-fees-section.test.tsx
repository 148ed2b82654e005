import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/lib/catalog/format-price';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import fr from '../../../schemas/jurisdictions/fr.json';
import ro from '../../../schemas/jurisdictions/ro.json';
import { OutsideFeesSection } from './outside-fees-section';

/** Text as a reader gets it: the non-breaking spaces Intl and the locales put read as spaces. */
const shown = (text: string) => text.replace(/\s+/g, ' ');

/** What the amounts must read in each language, written out by hand rather than recomputed. */
const EXPECTED: Record<
  Language,
  { registration: string; legalNotice: string; sas: string; free: string; gazette: string; deposit: string }
> = {
  fr: {
    registration: '35,59 €',
    legalNotice: 'de 123 € à 197 €',
    sas: 'SAS : 197 €',
    free: 'Gratuit',
    gazette: 'de 138 lei à 152 lei (estimation)',
    deposit: 'Variable',
  },
  en: {
    registration: '€35.59',
    legalNotice: 'from €123 to €197',
    sas: 'SAS: €197',
    free: 'Free',
    gazette: 'from 138 lei to 152 lei (estimate)',
    deposit: 'Varies',
  },
  ro: {
    registration: '35,59 €',
    legalNotice: 'între 123 € și 197 €',
    sas: 'SAS: 197 €',
    free: 'Gratuit',
    gazette: 'între 138 lei și 152 lei (estimare)',
    deposit: 'Variabil',
  },
};

function renderFees(language: Language) {
  const i18n = createTestI18n(language);
  const view = renderWithProviders(<OutsideFeesSection />, { i18n });
  return {
    ...view,
    t: i18n.getFixedT(language, 'marketing'),
    tj: i18n.getFixedT(language, 'jurisdictions'),
  };
}

/** The row of a fee, found by its name (the row header) in a country's table. */
function feeRow(country: string, label: string): HTMLElement {
  const table = screen.getByRole('table', { name: country });
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${escaped}`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${label}`);
  return row;
}

describe.each(LANGUAGES)('what is still paid outside Kreo, in %s', (language) => {
  it('has a heading for the section, then one per country, each naming a table with real headers', async () => {
    const { t, tj } = renderFees(language);
    const headings = await screen.findAllByRole('heading');
    expect(headings.map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H2', t('outsideFees.title')],
      ['H3', tj('FR.title')],
      ['H3', tj('RO.title')],
    ]);
    for (const country of [tj('FR.title'), tj('RO.title')]) {
      const table = screen.getByRole('table', { name: country });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual([
        t('outsideFees.columns.fee'),
        t('outsideFees.columns.amount'),
        t('outsideFees.columns.payee'),
        t('outsideFees.columns.source'),
      ]);
    }
    expect(
      within(screen.getByRole('table', { name: tj('FR.title') })).getAllByRole('rowheader'),
    ).toHaveLength(fr.fees.length);
    expect(
      within(screen.getByRole('table', { name: tj('RO.title') })).getAllByRole('rowheader'),
    ).toHaveLength(ro.fees.length);
  });

  it('writes each amount in the language: euros, lei, a range, free, per legal form, an estimate', async () => {
    const { tj } = renderFees(language);
    await screen.findAllByRole('table');
    const expected = EXPECTED[language];
    const france = tj('FR.title');
    const romania = tj('RO.title');
    // The same helper as the offers' prices, for euros.
    expect(shown(expected.registration)).toBe(shown(formatPrice(35.59, language)));
    expect(shown(feeRow(france, tj('FR.fees.registration.label')).textContent ?? '')).toContain(
      expected.registration,
    );
    const legalNotice = feeRow(france, tj('FR.fees.legalNotice.label'));
    expect(shown(legalNotice.textContent ?? '')).toContain(expected.legalNotice);
    const byForm = within(legalNotice).getByRole('list');
    expect(
      within(byForm)
        .getAllByRole('listitem')
        .map((item) => shown(item.textContent ?? '')),
    ).toHaveLength(4);
    expect(shown(within(byForm).getAllByRole('listitem')[0]?.textContent ?? '')).toBe(expected.sas);
    expect(shown(feeRow(romania, tj('RO.fees.registration.label')).textContent ?? '')).toContain(
      expected.free,
    );
    expect(shown(feeRow(romania, tj('RO.fees.officialGazette.label')).textContent ?? '')).toContain(
      expected.gazette,
    );
    expect(shown(feeRow(romania, tj('RO.fees.capitalDeposit.label')).textContent ?? '')).toContain(
      expected.deposit,
    );
  });

  it('says who is paid and which text sets the amount, linked when the text is online', async () => {
    const { t, tj } = renderFees(language);
    await screen.findAllByRole('table');
    const registration = feeRow(tj('FR.title'), tj('FR.fees.registration.label'));
    expect(registration).toHaveTextContent(t('outsideFees.payee.registry'));
    const law = within(registration).getByRole('link', { name: fr.fees[0]?.source.law });
    expect(law).toHaveAttribute('href', fr.fees[0]?.source.url);
    // No address for the capital deposit's articles: the law is named, not linked.
    const deposit = feeRow(tj('FR.title'), tj('FR.fees.capitalDeposit.label'));
    expect(within(deposit).queryByRole('link')).toBeNull();
    expect(deposit).toHaveTextContent(t('outsideFees.payee.bankOrNotary'));
    const lawyer = feeRow(tj('RO.title'), tj('RO.fees.lawyerOrNotary.label'));
    expect(lawyer).toHaveTextContent(t('outsideFees.optional'));
  });
});
