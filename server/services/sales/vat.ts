/**
 * Which VAT a sale carries. The seller is established in France and sells electronically supplied
 * services to consumers. Their place of supply is the customer's country (Directive 2006/112/EC,
 * art. 58; CGI art. 259 D), except while the seller's such supplies to other Member States stay
 * under 10 000 € excluding VAT in the current and the preceding calendar year: then it is the
 * seller's country (art. 59c; CGI art. 259 D, II). The supply by which the threshold is passed is
 * already taxed where the customer is (art. 59c(1), last subparagraph). Destination VAT is declared
 * through the One-Stop Shop (art. 369a to 369k).
 *
 * The rates are content: schemas/sales/vat.json. The threshold is an operator setting
 * (VAT_OSS_THRESHOLD_EUR; 0 when the seller opted for destination taxation, art. 59c(3)).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OrderVat } from '../../db/schema';

export interface VatCountry {
  /** Standard rate in basis points (2100 = 21 %). */
  rateBasisPoints: number;
  /** The country's currency (ISO 4217): an invoice for it also shows amounts in it when not EUR. */
  currency: string;
  /** Where the rate comes from. */
  source: string;
}

export interface VatRules {
  sellerCountry: string;
  /** The seller's rate (VAT_RATE): 0 when the seller charges no VAT, then no VAT anywhere. */
  sellerRateBasisPoints: number;
  countries: Record<string, VatCountry>;
  /** Cents, excluding VAT. */
  ossThresholdCents: number;
}

interface VatFile {
  sellerCountry: string;
  ossThresholdEur: number;
  countries: Record<string, VatCountry>;
}

const vatFile = fileURLToPath(new URL('../../../schemas/sales/vat.json', import.meta.url));

export function readVatRules(
  options: { sellerRateBasisPoints?: number; ossThresholdEur?: number } = {},
): VatRules {
  const file = JSON.parse(readFileSync(vatFile, 'utf8')) as VatFile;
  const seller = file.countries[file.sellerCountry];
  if (!seller)
    throw new Error(`schemas/sales/vat.json: no rate for the seller's country ${file.sellerCountry}`);
  return {
    sellerCountry: file.sellerCountry,
    sellerRateBasisPoints: options.sellerRateBasisPoints ?? seller.rateBasisPoints,
    countries: file.countries,
    ossThresholdCents: Math.round((options.ossThresholdEur ?? file.ossThresholdEur) * 100),
  };
}

/** Prices include VAT: the amount excluding VAT is what, with VAT added, makes the price. */
export function splitVat(
  totalCents: number,
  rateBasisPoints: number,
): { netCents: number; vatCents: number } {
  const netCents = Math.round((totalCents * 10_000) / (10_000 + rateBasisPoints));
  return { netCents, vatCents: totalCents - netCents };
}

export class CountryNotServedError extends Error {
  readonly publicCode = 'COUNTRY_NOT_SERVED';
  constructor(country: string) {
    super(`No VAT rule is configured for the billing country ${country}`);
  }
}

/**
 * The VAT of a sale of `amountCents` (VAT included) to a consumer in `buyerCountry`, given the
 * seller's cross-border sales so far, excluding VAT: this calendar year's and the preceding one's.
 */
export function decideVat(
  rules: VatRules,
  buyerCountry: string,
  amountCents: number,
  crossBorder: { currentYearNetCents: number; previousYearNetCents: number },
): OrderVat {
  const origin: OrderVat = {
    country: rules.sellerCountry,
    rateBasisPoints: rules.sellerRateBasisPoints,
    rule: 'origin',
  };
  const buyer = rules.countries[buyerCountry];
  if (!buyer) throw new CountryNotServedError(buyerCountry);
  // A seller who charges no VAT (franchise) charges none abroad either.
  if (buyerCountry === rules.sellerCountry || rules.sellerRateBasisPoints === 0) return origin;
  const thisNet = splitVat(amountCents, rules.sellerRateBasisPoints).netCents;
  const passed =
    crossBorder.previousYearNetCents > rules.ossThresholdCents ||
    crossBorder.currentYearNetCents + thisNet > rules.ossThresholdCents;
  if (!passed) return origin;
  return { country: buyerCountry, rateBasisPoints: buyer.rateBasisPoints, rule: 'destination' };
}
