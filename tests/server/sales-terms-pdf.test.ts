/** The terms of sale as the PDF the order confirmation carries: the page's text, the seller, PDF/A. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, inlineText } from '../../src/shared/markdown';
import { EXAMPLE_SITE_INFO } from '../../src/shared/site-info';
import {
  renderSalesTermsPdf,
  salesTermsVersion,
  sharedTermsVersion,
} from '../../server/services/legal/sales-terms-pdf';
import { runTask } from '../../server/services/workers/worker-tasks';
import { pdfText, squeeze } from './document-text';
import { checkPdfA } from './pdfa-check';

const VALUES = {
  ...EXAMPLE_SITE_INFO,
  publisherName: 'Vânzătorul Țestat SAS',
  supportEmail: 'aide@vendeur.example',
};
const PUBLIC_URL = 'https://kreo.test';

const page = (language: string) =>
  parseMarkdown(readFileSync(`locales/${language}/pages/sales-terms.md`, 'utf8'));

describe('renderSalesTermsPdf', () => {
  it('has one version, the pages’ updated date, shared by the three languages', () => {
    expect(salesTermsVersion()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const language of ['fr', 'en', 'ro']) expect(page(language).updated).toBe(salesTermsVersion());
  });

  it('refuses three pages that do not share one date, naming each', () => {
    const dated = (updated: string | null) => ({ updated });
    expect(
      sharedTermsVersion({ fr: dated('2026-11-27'), en: dated('2026-11-27'), ro: dated('2026-11-27') }),
    ).toBe('2026-11-27');
    expect(() =>
      sharedTermsVersion({ fr: dated('2026-11-27'), en: dated('2026-11-25'), ro: dated(null) }),
    ).toThrow('fr 2026-11-27, en 2026-11-25, ro none');
  });

  it.each([
    [
      'fr',
      'conditions-generales-de-vente',
      'Conditions générales de vente',
      ['Renoncer au contrat ici', 'Confirmer la rétractation', 'Commander avec obligation de paiement'],
    ],
    [
      'en',
      'terms-of-sale',
      'Terms of sale',
      ['Withdraw from the contract here', 'Confirm withdrawal', 'Order with obligation to pay'],
    ],
    [
      'ro',
      'conditii-generale-de-vanzare',
      'Condiții generale de vânzare',
      ['Retrageți-vă din contract aici', 'Confirmați retragerea', 'Comandă cu obligație de plată'],
    ],
  ] as const)(
    'writes the %s terms: every section title, the seller filled in, links with their address, PDF/A',
    async (language, file, title, words) => {
      const pdf = await renderSalesTermsPdf(language, VALUES, PUBLIC_URL);
      const version = salesTermsVersion();
      expect(pdf.version).toBe(version);
      expect(pdf.filename).toBe(`${file}-${version}.pdf`);
      const body = Buffer.from(pdf.body);
      expect(checkPdfA(body)).toEqual([]);
      const { text, info } = await pdfText(body);
      const flat = squeeze(text);
      expect(flat).toContain(squeeze(title));
      const headings = page(language).blocks.flatMap((block) =>
        block.kind === 'heading' ? [inlineText(block.children)] : [],
      );
      expect(headings.length).toBeGreaterThan(10);
      for (const heading of headings) expect(flat).toContain(squeeze(heading));
      // The words of the order button and of the withdrawal function, as the pages show them.
      for (const word of words) expect(flat).toContain(squeeze(word));
      // The editors' notes stay out of what the buyer reads.
      expect(flat).not.toMatch(/vérifier|verify|verificat|<!--/);
      expect(flat).toContain(squeeze('Vânzătorul Țestat SAS'));
      expect(flat).toContain('aide@vendeur.example');
      expect(flat).not.toContain('{{');
      // A link prints its words and then where it leads, absolute.
      expect(flat).toContain(squeeze(`(${PUBLIC_URL}/plans)`));
      expect(flat).toContain(squeeze(`(${PUBLIC_URL}/orders)`));
      expect(info).toMatchObject({ Title: `${title} (${version})`, Custom: { TermsVersion: version } });
    },
  );

  it('is a task of the worker threads, whose answer crosses as bytes', async () => {
    const result = await runTask({
      kind: 'salesTerms',
      language: 'en',
      values: VALUES,
      publicUrl: PUBLIC_URL,
    });
    expect(result).toMatchObject({ filename: `terms-of-sale-${salesTermsVersion()}.pdf` });
  });
});
