/**
 * The ECB's euro reference rates, kept in exchange_rates. An invoice to a buyer whose country's
 * currency is not the euro also shows its amounts in that currency, converted at the latest ECB
 * rate published when the VAT became chargeable (Directive 2006/112/EC, art. 91(2), second
 * subparagraph; the rate and its date are printed).
 *
 * Rates come from the ECB's daily file (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml),
 * fetched by the server twice a day when EXCHANGE_RATES_REFRESH is on (the default in production),
 * or imported by the operator: `npm run rates:import -- <file.xml>` (the ECB's daily or 90-day file).
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { exchangeRates } from '../../db/schema';

export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export interface PublishedRate {
  currency: string;
  day: string;
  rate: string;
}

/**
 * The rates of an ECB eurofxref XML file: `<Cube time="2026-11-25"><Cube currency="RON" rate="5.0912"/>`.
 * Anything else in the file is ignored; a file with no rate gives an empty list.
 */
export function parseEcbRates(xml: string): PublishedRate[] {
  const rates: PublishedRate[] = [];
  const days = xml.matchAll(/<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g);
  for (const [, day, body] of days) {
    for (const [, currency, rate] of (body ?? '').matchAll(
      /<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["'](\d{1,7}(?:\.\d{1,8})?)["']\s*\/>/g,
    )) {
      if (day && currency && rate) rates.push({ currency, day, rate });
    }
  }
  return rates;
}

export async function storeRates(db: Database, rates: PublishedRate[]): Promise<number> {
  if (rates.length === 0) return 0;
  const rows = await db.insert(exchangeRates).values(rates).onConflictDoNothing().returning();
  return rows.length;
}

/** The latest rate of `currency` published on or before `on` (a Paris day), or null. */
export async function latestRate(
  executor: Database | Transaction,
  currency: string,
  on: Date,
): Promise<PublishedRate | null> {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(on);
  const [row] = await executor
    .select({ currency: exchangeRates.currency, day: exchangeRates.day, rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.day, day)))
    .orderBy(desc(exchangeRates.day))
    .limit(1);
  return row ?? null;
}

/** `cents` euros in the other currency's cents, at `rate` (a decimal string), rounded half up. */
export function convertCents(cents: number, rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10 ** fraction.length;
  const rateScaled = Number(whole) * scale + Number(fraction || '0');
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.round((Math.abs(cents) * rateScaled) / scale);
}

/** Fetches the ECB's daily file and stores its rates; the number of new rates. */
export async function refreshFromEcb(
  db: Database,
  fetchText: (url: string) => Promise<string> = async (url) => {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok) throw new Error(`The ECB answered ${response.status}`);
    return response.text();
  },
): Promise<number> {
  return storeRates(db, parseEcbRates(await fetchText(ECB_DAILY_URL)));
}
