import { apiClient } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n/languages';
export { formatPrice } from './format-price';

export type Offer = components['schemas']['Offer'];
export type Plan = components['schemas']['Plan'];
export type Product = components['schemas']['Product'];
type LocalizedText = components['schemas']['LocalizedText'];
type LocalizedTextList = components['schemas']['LocalizedTextList'];

/** The offer the pricing section marks 'Most Popular' (spec section 2). */
export const MOST_POPULAR_OFFER_SKU = 'STANDARD_PACKAGE';

/** A catalog text in the interface language (the server always sends all three; French if not). */
export function localized<T extends LocalizedText | LocalizedTextList>(text: T, language: string): T['fr'] {
  return isLanguage(language) ? text[language] : text[DEFAULT_LANGUAGE];
}

/** The plan a card sells: the first one (spec section 3). */
export function firstPlan(offer: Offer): Plan | undefined {
  return offer.plans[0];
}

/** Cheapest first, by the price of each offer's first plan (spec section 2); offers without a plan last. */
export function sortOffersByPrice(offers: readonly Offer[]): Offer[] {
  const price = (offer: Offer) => firstPlan(offer)?.price ?? Number.POSITIVE_INFINITY;
  return [...offers].sort((a, b) => price(a) - price(b));
}

/** The cheapest offer that includes a product: the package that unlocks a locked document. */
export function cheapestOfferWith(offers: readonly Offer[], productSku: string): Offer | undefined {
  return sortOffersByPrice(offers).find((offer) => offer.productSkus.includes(productSku));
}

// One request per list for the whole visit: the landing page, /plans and /documents share it.
// A failed request is forgotten, so that "Try again" asks the server again.
const cache = new Map<string, Promise<unknown>>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const existing = cache.get(key) as Promise<T> | undefined;
  if (existing) return existing;
  const request = load().catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, request);
  return request;
}

export function fetchOffers(): Promise<Offer[]> {
  return cached('offers', async () => {
    const { data } = await apiClient.GET('/api/marketing/offers/list');
    return data ?? [];
  });
}

export function fetchProducts(): Promise<Product[]> {
  return cached('products', async () => {
    const { data } = await apiClient.GET('/api/marketing/products/list');
    return data ?? [];
  });
}

/**
 * The catalog as the build read it from schemas/catalog.json, for the pages it prerenders: they show
 * prices at once, and the app shows the same until the server's answer (fetchOffers) replaces them.
 */
export interface CatalogSnapshot {
  offers: Offer[];
  products: Product[];
}

let snapshot: CatalogSnapshot | null = null;

export function seedCatalogSnapshot(next: CatalogSnapshot | null): void {
  snapshot = next;
}

export const peekOffers = (): Offer[] | undefined => snapshot?.offers;
export const peekProducts = (): Product[] | undefined => snapshot?.products;

/** For tests: the next call asks the server again. */
export function forgetCatalog(): void {
  cache.clear();
  snapshot = null;
}
