/** The dashboard's filing guide: the registry's service screen by screen, from a submitted company file. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@/lib/catalog/catalog';
import type { Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import type { CompanyFileStatus } from '../../src/features/dashboard/dashboard-api';
import { FilingGuide } from '../../src/features/dashboard/filing-guide/filing-guide';
import {
  GUIDE_DERIVATIONS,
  type FilingGuide as FilingGuideContent,
} from '../../src/features/dashboard/filing-guide/guide-content';
import frRegistration from '../../schemas/jurisdictions/registration/fr.json';
import registrationSchema from '../../schemas/jurisdictions/registration/registration.schema.json';
import roRegistration from '../../schemas/jurisdictions/registration/ro.json';
import { completeCompanyFile } from '../fixtures/company-file';

const FR_GUIDE = frRegistration.guide as FilingGuideContent;
const RO_GUIDE = roRegistration.guide as FilingGuideContent;

const OFFERS: Offer[] = [
  {
    sku: 'STANDARD_PACKAGE',
    name: { fr: 'Standard', en: 'Standard', ro: 'Standard' },
    features: { fr: [], en: [], ro: [] },
    plans: [
      { sku: 'STANDARD_ONE_TIME', price: 49, currency: 'EUR', planType: 'ONE_TIME', billingCycle: null },
    ],
    productSkus: [
      'LEGAL_STATUSES',
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'LIST_OF_BENEFICIARIES',
    ],
  },
];

const FR_SAS = { ...completeCompanyFile(2, '2026-01-15', 'FR-SAS'), firstFinancialYearEnd: '2027-06-30' };
const RO_SRL = completeCompanyFile(2, '2026-01-15', 'RO-SRL');

function renderGuide(
  language: Language,
  guide: FilingGuideContent,
  data: Record<string, unknown>,
  options: { products?: string[]; status?: CompanyFileStatus } = {},
) {
  const i18n = createTestI18n(language);
  const view = renderWithProviders(
    <FilingGuide
      guide={guide}
      jurisdiction={guide.language === 'fr' ? 'FR' : 'RO'}
      data={data}
      status={options.status ?? 'submitted'}
      products={options.products ?? []}
      offers={OFFERS}
    />,
    { i18n },
  );
  const t = (key: string, values?: Record<string, unknown>) =>
    String(i18n.getFixedT(language)(key as never, values as never));
  return { ...view, t };
}

/** The value a field shows for its nth subject (the company, or the nth person of the screen). */
function valuesOf(screenId: string, fieldId: string): string[] {
  const section = document.querySelector(`[data-screen="${screenId}"]`);
  if (!section) throw new Error(`no screen ${screenId}`);
  return [...section.querySelectorAll(`[data-field="${fieldId}"] [data-value]`)].map(
    (cell) => cell.textContent ?? '',
  );
}

describe('the filing guide', () => {
  it.each(['fr', 'en', 'ro'] as const)(
    'shows the guichet unique screen by screen with the values of a French SAS file (%s)',
    async (language) => {
      const { t } = renderGuide(language, FR_GUIDE, FR_SAS);
      expect(
        await screen.findByRole('heading', {
          name: t('registration:guide.screen', { number: 1, name: 'Entreprise' }),
        }),
      ).toBeInTheDocument();
      // The labels in the founder's language, the service's own names in French.
      const company = document.querySelector('[data-screen="company"]') as HTMLElement;
      expect(company).toHaveTextContent(t('registration:FR.guide.fields.companyName'));
      expect(company).toHaveTextContent(t('registration:guide.shownAs', { name: 'Dénomination' }));
      // The values as the French service takes them, whatever the interface language.
      expect(valuesOf('company', 'companyName')).toEqual(['Boulangerie Dupont']);
      expect(valuesOf('company', 'legalForm')).toEqual(['Société par actions simplifiée (SAS)']);
      expect(valuesOf('company', 'shareCapital')).toEqual(['500']);
      expect(valuesOf('company', 'duration')).toEqual(['99']);
      expect(valuesOf('company', 'firstYearEnd')).toEqual(['30/06/2027']);
      expect(valuesOf('office', 'registeredOffice')).toEqual(['12 rue de la Paix, 75002 Paris, France']);
      // The président, then every beneficial owner (two associates at 50 %).
      expect(valuesOf('managers', 'role')).toEqual(['Président']);
      expect(valuesOf('managers', 'personBirthDate')).toEqual(['17/05/1990']);
      expect(valuesOf('managers', 'personNationality')).toEqual(['Française']);
      expect(valuesOf('beneficialOwners', 'personLastName')).toEqual(['Dupont', 'Subscriber2']);
      expect(valuesOf('beneficialOwners', 'control')).toEqual(['50 %', '50 %']);
      // No Romanian notice for France.
      expect(document.querySelector('[data-notice="qualified-signature"]')).toBeNull();
    },
  );

  it("copies a value and announces it in the founder's language", async () => {
    const { t, user } = renderGuide('fr', FR_GUIDE, FR_SAS);
    const label = t('registration:FR.guide.fields.companyName');
    const company = document.querySelector('[data-screen="company"]') as HTMLElement;
    // user-event puts its own clipboard in the page (userEvent.setup): what the button wrote is there.
    await user.click(within(company).getByRole('button', { name: t('registration:guide.copy', { label }) }));
    expect(await navigator.clipboard.readText()).toBe('Boulangerie Dupont');
    expect(await screen.findByRole('status')).toHaveTextContent(t('registration:guide.copied', { label }));
    expect(t('registration:guide.copied', { label })).toBe('Copié : Dénomination');
  });

  it('maps each upload slot to its document, says where to get one not bought, and keeps the slots of the form', async () => {
    const { t } = renderGuide('en', FR_GUIDE, FR_SAS, { products: ['LEGAL_STATUSES'] });
    const rows = [...document.querySelectorAll<HTMLElement>('[data-upload]')];
    expect(Object.fromEntries(rows.map((row) => [row.dataset.upload, row.dataset.sku]))).toEqual({
      statutes: 'LEGAL_STATUSES',
      subscribers: 'SUBSCRIBERS_LIST',
      deposit: '',
      publication: 'LEGAL_NOTICE',
      nonConviction: 'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      beneficialOwners: 'LIST_OF_BENEFICIARIES',
      office: 'REGISTERED_OFFICE_PROOF',
      mandate: 'FILING_MANDATE',
      identity: '',
    });
    const row = (id: string) => rows.find((candidate) => candidate.dataset.upload === id) as HTMLElement;
    // Bought: a link to the Documents page, by the document's name.
    expect(
      within(row('statutes')).getByRole('link', {
        name: t('registration:guide.kreoDocument', { title: t('documents:cards.statutes.title') }),
      }),
    ).toHaveAttribute('href', '/documents');
    // Not bought: where to get it, with the package that has it when one does.
    expect(row('nonConviction')).toHaveTextContent(t('registration:guide.notOwned'));
    expect(row('nonConviction')).toHaveTextContent(t('registration:guide.inPackage', { offer: 'Standard' }));
    expect(
      within(row('mandate')).getByRole('link', { name: t('registration:guide.seePlans') }),
    ).toHaveAttribute('href', '/plans');
    // A paper Kreo does not write: where it comes from.
    expect(row('deposit')).toHaveTextContent(t('registration:FR.guide.obtain.deposit'));

    // A SARL files no list of subscribers (a société par actions does, R. 123-103).
    renderGuide('en', FR_GUIDE, { ...FR_SAS, legalForm: 'SARL' });
    expect(document.querySelectorAll('[data-upload="subscribers"]')).toHaveLength(1);
  });

  it.each(['ro', 'fr', 'en'] as const)(
    'says that a Romanian online filing needs a qualified e-signature of every signatory, and where to get one (%s)',
    async (language) => {
      const { t } = renderGuide(language, RO_GUIDE, RO_SRL);
      const notice = await screen.findByRole('alert');
      expect(notice).toHaveAttribute('data-notice', 'qualified-signature');
      expect(notice).toHaveTextContent(t('registration:RO.guide.signature.title'));
      expect(
        within(notice).getByRole('link', { name: t('registration:RO.guide.signature.euList') }),
      ).toHaveAttribute('href', 'https://eidas.ec.europa.eu/efda/trust-services/browse/eidas/tls');
      expect(
        within(notice).getByRole('link', { name: t('registration:RO.guide.signature.adrList') }),
      ).toHaveAttribute('href', 'https://www.adr.gov.ro');
      if (language === 'ro') expect(notice).toHaveTextContent('semnătură electronică calificată');
      // Values as ONRC's portal takes them.
      expect(valuesOf('company', 'companyName')).toEqual(['Brutăria Dumitrescu']);
      expect(valuesOf('company', 'shareCapital')).toEqual(['1000']);
      expect(valuesOf('company', 'caenMain')).toEqual(['1071']);
      expect(valuesOf('company', 'caenSecondary')).toEqual(['4724']);
      expect(valuesOf('company', 'duration')).toEqual(['Nelimitată']);
      expect(valuesOf('associates', 'associatePercent')).toEqual(['50 %', '50 %']);
      expect(valuesOf('managers', 'personIdentity')).toEqual(['Pașaport 22AB12345']);
      expect(valuesOf('managers', 'personNationality')).toEqual(['Franceză']);
      expect(
        [...document.querySelectorAll<HTMLElement>('[data-upload]')].map((row) => row.dataset.sku),
      ).toContain('OPERATING_CONDITIONS_DECLARATION');
    },
  );

  it('waits for a submitted file, and warns when the answers changed since', async () => {
    const { t, unmount } = renderGuide('en', FR_GUIDE, FR_SAS, { status: 'draft' });
    expect(await screen.findByText(t('registration:guide.notSubmitted'))).toBeInTheDocument();
    expect(document.querySelector('[data-screen]')).toBeNull();
    unmount();
    renderGuide('en', FR_GUIDE, FR_SAS, { status: 'amended' });
    expect(await screen.findByText(t('registration:guide.amended'))).toBeInTheDocument();
    expect(valuesOf('company', 'companyName')).toEqual(['Boulangerie Dupont']);
  });

  it("gives the first financial year's end the statutes state when the founder chose none", async () => {
    const { firstFinancialYearEnd: _chosen, ...file } = FR_SAS;
    renderGuide('en', FR_GUIDE, { ...file, dateOfSignature: '2026-09-10' });
    expect(await screen.findAllByText('31/12/2027')).toHaveLength(1);
    expect(valuesOf('company', 'firstYearEnd')).toEqual(['31/12/2027']);
  });

  it('offers in the JSON schema the derivations the code knows', () => {
    const field = registrationSchema.definitions.guideField.properties.value.oneOf[1] as {
      properties: { derive: { enum: string[] } };
    };
    expect(field.properties.derive.enum).toEqual([...GUIDE_DERIVATIONS]);
  });
});
