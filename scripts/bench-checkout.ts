/**
 * The body of POST /api/checkout/create-session as the order page sends it (issue 34): the consent box
 * ticked, with the terms of sale's version (the `updated:` date of locales/fr/pages/sales-terms.md, which
 * the three languages share), and a French billing address. For the benchmarks, which buy through the API.
 */
import { readFileSync } from 'node:fs';

function salesTermsVersion(): string {
  const page = readFileSync(new URL('../locales/fr/pages/sales-terms.md', import.meta.url), 'utf8');
  const updated = /^updated:\s*(\S+)\s*$/m.exec(page)?.[1];
  if (!updated) throw new Error('locales/fr/pages/sales-terms.md has no "updated:" date');
  return updated;
}

export function benchCheckoutBody(offerSku: string, planSku: string) {
  return {
    offerSku,
    planSku,
    consent: { immediateAccess: true, termsVersion: salesTermsVersion(), language: 'fr' as const },
    billing: {
      name: 'Camille Dupont',
      address: '12 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      country: 'FR',
    },
  };
}
