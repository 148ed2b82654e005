import { describe, expect, it } from 'vitest';
import catalog from '../../../schemas/catalog.json';
import enLanding from '../../../locales/en/landing.json';
import frLanding from '../../../locales/fr/landing.json';
import roLanding from '../../../locales/ro/landing.json';
import { formatPrice, type Offer } from '@/lib/catalog/catalog';
import {
  addPrice,
  cheapestFileable,
  filingTotal,
  formsCheapestWith,
  missingForEveryForm,
  missingForFiling,
  outsideFeesTotal,
  type FilingForm,
} from './filing-cost';
import { FILING_FORMS } from './filing-forms';

/** The offers as the server seeds them from schemas/catalog.json. */
const OFFERS: Offer[] = catalog.offers.map((offer) => ({
  ...offer,
  plans: offer.plans.map((plan) => ({
    ...plan,
    currency: 'EUR' as const,
    planType: plan.planType === 'RECURRING' ? ('RECURRING' as const) : ('ONE_TIME' as const),
  })),
}));
const offer = (sku: string) => OFFERS.find((entry) => entry.sku === sku) as Offer;
const form = (id: string) =>
  FILING_FORMS.find((entry) => `${entry.country}-${entry.code}` === id) as FilingForm;

describe('what a filing takes', () => {
  it('knows the six legal forms, each with the documents its registry asks for', () => {
    expect(FILING_FORMS.map((entry) => `${entry.country}-${entry.code}`)).toEqual([
      'FR-SAS',
      'FR-SASU',
      'FR-SARL',
      'FR-EURL',
      'RO-SRL',
      'RO-SRL_SOLE',
    ]);
    // The subscribers' list is a société par actions' (C. com. R. 123-103), not a SARL's.
    expect(form('FR-SAS').documents).toContain('SUBSCRIBERS_LIST');
    expect(form('FR-SARL').documents).not.toContain('SUBSCRIBERS_LIST');
    expect(form('RO-SRL').documents).toContain('OPERATING_CONDITIONS_DECLARATION');
  });

  it('names Essential as not enough for any form, Standard as the cheapest that files every form', () => {
    for (const entry of FILING_FORMS) {
      expect(missingForFiling(offer('STARTER_PACKAGE'), entry).length).toBeGreaterThan(0);
      expect(cheapestFileable(OFFERS, entry)?.sku).toBe('STANDARD_PACKAGE');
    }
    expect(missingForEveryForm(offer('STARTER_PACKAGE'), FILING_FORMS)).toEqual([
      'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
      'LIST_OF_BENEFICIARIES',
      'REGISTERED_OFFICE_PROOF',
      'FILING_MANDATE',
    ]);
    expect(formsCheapestWith(offer('STANDARD_PACKAGE'), OFFERS, FILING_FORMS)).toHaveLength(6);
    expect(formsCheapestWith(offer('PREMIUM_PACKAGE'), OFFERS, FILING_FORMS)).toHaveLength(0);
    expect(missingForEveryForm(offer('PREMIUM_PACKAGE'), FILING_FORMS)).toEqual([]);
  });

  it('follows the data: an offer that stops holding a document stops being fileable', () => {
    const standard = offer('STANDARD_PACKAGE');
    const lean: Offer = {
      ...standard,
      sku: 'LEAN',
      plans: standard.plans.map((plan) => ({ ...plan, price: 5 })),
      productSkus: standard.productSkus.filter((sku) => sku !== 'SUBSCRIBERS_LIST'),
    };
    // Enough for a SARL (no subscribers' list), not for an SAS.
    expect(cheapestFileable([...OFFERS, lean], form('FR-SARL'))?.sku).toBe('LEAN');
    expect(cheapestFileable([...OFFERS, lean], form('FR-SAS'))?.sku).toBe('STANDARD_PACKAGE');
  });
});

describe('the total a founder pays', () => {
  it('adds the fees outside Kreo of an SAS: registry, beneficial owners, its legal notice, the deposit (estimate)', () => {
    const fees = outsideFeesTotal(form('FR-SAS'));
    // 35.59 + 20.34 + 197 + from 0 to 100 (capital deposit, estimate).
    expect(fees.amount).toEqual({ value: null, min: 252.93, max: 352.93, estimate: true });
    expect(addPrice(10, 'EUR', fees)).toEqual({ value: null, min: 262.93, max: 362.93, estimate: true });
    // An EURL's legal notice costs less (123 €).
    expect(outsideFeesTotal(form('FR-EURL')).amount).toMatchObject({ min: 178.93, max: 278.93 });
  });

  it('keeps lei apart, names the fee with no known amount and leaves the optional one out (SRL)', () => {
    const fees = outsideFeesTotal(form('RO-SRL'));
    expect(fees.currency).toBe('RON');
    expect(fees.amount).toEqual({ value: null, min: 138, max: 152, estimate: true });
    expect(fees.unpriced.map((fee) => fee.id)).toEqual(['capitalDeposit']);
    expect(fees.optional.map((fee) => fee.id)).toEqual(['lawyerOrNotary']);
    expect(addPrice(10, 'EUR', fees)).toBeNull();
  });

  it('sums the cheapest fileable offer and the fees in one total, or keeps euros and lei apart', () => {
    const sas = filingTotal(OFFERS, form('FR-SAS'));
    expect(sas.offer?.sku).toBe('STANDARD_PACKAGE');
    expect(sas.plan).toBe(offer('STANDARD_PACKAGE').plans[0]);
    expect(sas.fees).toEqual(outsideFeesTotal(form('FR-SAS')));
    const price = offer('STANDARD_PACKAGE').plans[0]?.price ?? 0;
    expect(sas.sum).toEqual(addPrice(price, 'EUR', sas.fees));
    expect(sas.sum?.estimate).toBe(true);

    const srl = filingTotal(OFFERS, form('RO-SRL'));
    expect(srl.plan?.currency).toBe('EUR');
    expect(srl.fees.currency).toBe('RON');
    expect(srl.sum).toBeNull();

    // No offer holds every document: the fees alone, no plan, no sum.
    const none = filingTotal([offer('STARTER_PACKAGE')], form('FR-SAS'));
    expect(none).toMatchObject({ offer: undefined, plan: undefined, sum: null });
    expect(none.fees.amount).toMatchObject({ min: 252.93, max: 352.93 });
  });

  it('the landing quotes the price of the cheapest offer that files', () => {
    const price = cheapestFileable(OFFERS, form('FR-SAS'))?.plans[0]?.price ?? 0;
    const shown = (text: string) => text.replace(/\s/g, ' ');
    expect(shown(frLanding.landing.stats.price.value)).toBe(shown(formatPrice(price, 'fr')));
    expect(shown(enLanding.landing.stats.price.value)).toBe(shown(formatPrice(price, 'en')));
    expect(shown(roLanding.landing.stats.price.value)).toBe(shown(formatPrice(price, 'ro')));
  });
});
