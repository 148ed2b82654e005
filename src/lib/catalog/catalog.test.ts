import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import {
  cheapestOfferWith,
  fetchOffers,
  forgetCatalog,
  formatPrice,
  localized,
  sortOffersByPrice,
  type Offer,
} from './catalog';

function offer(sku: string, price: number | null, productSkus: string[] = []): Offer {
  return {
    sku,
    name: { fr: `${sku} fr`, en: `${sku} en`, ro: `${sku} ro` },
    features: { fr: [], en: [], ro: [] },
    plans:
      price === null
        ? []
        : [{ sku: `${sku}_PLAN`, price, currency: 'EUR', planType: 'ONE_TIME', billingCycle: null }],
    productSkus,
  };
}

afterEach(() => forgetCatalog());

describe('the catalog helpers', () => {
  it('sorts offers by the price of their first plan, offers without a plan last', () => {
    const sorted = sortOffersByPrice([
      offer('PREMIUM', 50),
      offer('NONE', null),
      offer('STARTER', 1),
      offer('STANDARD', 10),
    ]);
    expect(sorted.map((item) => item.sku)).toEqual(['STARTER', 'STANDARD', 'PREMIUM', 'NONE']);
  });

  it('finds the cheapest offer that includes a product', () => {
    const offers = [
      offer('PREMIUM', 50, ['A', 'B', 'C']),
      offer('STANDARD', 10, ['A', 'B']),
      offer('STARTER', 1, ['A']),
    ];
    expect(cheapestOfferWith(offers, 'A')?.sku).toBe('STARTER');
    expect(cheapestOfferWith(offers, 'B')?.sku).toBe('STANDARD');
    expect(cheapestOfferWith(offers, 'C')?.sku).toBe('PREMIUM');
    expect(cheapestOfferWith(offers, 'D')).toBeUndefined();
  });

  it('reads a catalog text in the interface language, French for any other', () => {
    const name = { fr: 'Essentiel', en: 'Essential', ro: 'Esențial' };
    expect(localized(name, 'ro')).toBe('Esențial');
    expect(localized(name, 'en')).toBe('Essential');
    expect(localized(name, 'de')).toBe('Essentiel');
  });

  it('puts the euro sign first, with the language’s number format', () => {
    expect(formatPrice(10, 'en')).toBe('€10');
    expect(formatPrice(10, 'fr')).toBe('10\u00a0€');
    expect(formatPrice(10, 'ro')).toBe('10\u00a0€');
    expect(formatPrice(9.5, 'fr')).toBe('9,50\u00a0€');
    expect(formatPrice(1250, 'en')).toBe('€1,250');
    expect(formatPrice(1250, 'ro')).toBe('1.250\u00a0€');
  });
});

describe('fetchOffers', () => {
  it('asks the server once for the whole visit', async () => {
    const get = vi
      .spyOn(apiClient, 'GET')
      .mockResolvedValue({ data: [offer('STARTER', 1)], response: new Response() } as never);
    await fetchOffers();
    await fetchOffers();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed request, so that trying again asks the server again', async () => {
    const get = vi
      .spyOn(apiClient, 'GET')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ data: [offer('STARTER', 1)], response: new Response() } as never);
    await expect(fetchOffers()).rejects.toThrow('offline');
    await expect(fetchOffers()).resolves.toHaveLength(1);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
