/** The rules of a consumer sale, alone: the withdrawal period, the VAT's country, the parts and credit of an order, ECB rates. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertCents, parseEcbRates } from '../../server/services/sales/exchange-rates';
import { orderParts, upgradeCredit, withdrawalOutcome } from '../../server/services/sales/order-terms';
import { decideVat, readVatRules } from '../../server/services/sales/vat';
import {
  orthodoxEaster,
  publicHolidays,
  westernEaster,
  withdrawalPeriodEnd,
} from '../../server/services/sales/withdrawal-period';

describe('the withdrawal period', () => {
  it('ends at the end of the 14th day after the order, in Paris', () => {
    // Thursday 26 November 2026, 10:00 in Paris: 14 days later is Thursday 10 December.
    expect(withdrawalPeriodEnd(new Date('2026-11-26T09:00:00Z')).toISOString()).toBe(
      '2026-12-10T22:59:59.999Z',
    );
    // Late in the evening in Paris is already the next day in UTC terms for the count: the Paris day counts.
    expect(withdrawalPeriodEnd(new Date('2026-11-26T23:30:00Z')).toISOString()).toBe(
      '2026-12-11T22:59:59.999Z',
    );
  });

  it('runs to the next working day when it ends on a weekend or a public holiday of France or Romania', () => {
    // Saturday 7 November + 14 = Saturday 21 November → Monday 23 November.
    expect(withdrawalPeriodEnd(new Date('2026-11-07T12:00:00Z')).toISOString()).toBe(
      '2026-11-23T22:59:59.999Z',
    );
    // 17 December + 14 = 31 December (Thursday), working; 18 December + 14 = Friday 1 January 2027
    // (a holiday), then Saturday 2 (Romania's holiday too) and Sunday 3 → Monday 4 January.
    expect(withdrawalPeriodEnd(new Date('2026-12-17T12:00:00Z')).toISOString()).toBe(
      '2026-12-31T22:59:59.999Z',
    );
    expect(withdrawalPeriodEnd(new Date('2026-12-18T12:00:00Z')).toISOString()).toBe(
      '2027-01-04T22:59:59.999Z',
    );
    // Summer time: 1 July + 14 = Wednesday 15 July, ending 23:59:59 CEST.
    expect(withdrawalPeriodEnd(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe(
      '2026-07-15T21:59:59.999Z',
    );
  });

  it('knows both Easters and the holidays that follow them', () => {
    expect(westernEaster(2026)).toEqual({ year: 2026, month: 4, day: 5 });
    expect(orthodoxEaster(2026)).toEqual({ year: 2026, month: 4, day: 12 });
    expect(westernEaster(2027)).toEqual({ year: 2027, month: 3, day: 28 });
    expect(orthodoxEaster(2027)).toEqual({ year: 2027, month: 5, day: 2 });
    const holidays = publicHolidays(2026);
    // Easter Monday (FR), Ascension (FR), Whit Monday (FR), Orthodox Good Friday and Easter Monday (RO).
    for (const day of ['2026-04-06', '2026-05-14', '2026-05-25', '2026-04-10', '2026-04-13', '2026-12-01'])
      expect(holidays.has(day), day).toBe(true);
    expect(holidays.has('2026-04-07')).toBe(false);
  });
});

describe('the VAT of a sale', () => {
  const rules = readVatRules();
  const none = { currentYearNetCents: 0, previousYearNetCents: 0 };

  it('is French for a French buyer, and for a Romanian one under the OSS threshold', () => {
    expect(decideVat(rules, 'FR', 1000, { currentYearNetCents: 5_000_000, previousYearNetCents: 0 })).toEqual(
      {
        country: 'FR',
        rateBasisPoints: 2000,
        rule: 'origin',
      },
    );
    expect(decideVat(rules, 'RO', 1000, none)).toMatchObject({ country: 'FR', rule: 'origin' });
  });

  it("is the buyer's country's once this year's or last year's cross-border sales pass 10 000 €, from the sale that passes it", () => {
    const romanian = { country: 'RO', rateBasisPoints: 2100, rule: 'destination' };
    expect(decideVat(rules, 'RO', 1000, { currentYearNetCents: 0, previousYearNetCents: 1_000_001 })).toEqual(
      romanian,
    );
    // 9 999,99 € so far: this sale (8,33 € excluding VAT) passes the threshold, and is taxed in Romania.
    expect(decideVat(rules, 'RO', 1000, { currentYearNetCents: 999_999, previousYearNetCents: 0 })).toEqual(
      romanian,
    );
    // Exactly at the threshold after the sale: not passed.
    expect(
      decideVat(rules, 'RO', 1000, { currentYearNetCents: 1_000_000 - 833, previousYearNetCents: 0 }),
    ).toMatchObject({
      rule: 'origin',
    });
    // The operator's threshold of 0 (destination VAT opted for) applies it from the first sale.
    expect(decideVat(readVatRules({ ossThresholdEur: 0 }), 'RO', 1000, none)).toEqual(romanian);
  });

  it('offers at checkout exactly the countries it has a VAT rule for', () => {
    const form = JSON.parse(readFileSync('schemas/forms/billing-address.json', 'utf8')) as {
      schema: { properties: { country: { enum: string[] } } };
    };
    expect([...form.schema.properties.country.enum].sort()).toEqual(Object.keys(rules.countries).sort());
  });

  it('is none anywhere for a seller that charges no VAT, and refuses a country without a rule', () => {
    expect(
      decideVat(readVatRules({ sellerRateBasisPoints: 0, ossThresholdEur: 0 }), 'RO', 1000, none),
    ).toMatchObject({
      rateBasisPoints: 0,
      rule: 'origin',
    });
    expect(() => decideVat(rules, 'DE', 1000, none)).toThrow('DE');
  });
});

describe('an order', () => {
  const WEBSITE = 'PROFESSIONAL_PROMOTIONAL_WEBSITE';

  it('splits Premium into the documents and the website, an upgrade keeping the website whole', () => {
    expect(orderParts(['LEGAL_STATUSES', WEBSITE], 5000)).toEqual([
      { kind: 'documents', cents: 1000, productSkus: ['LEGAL_STATUSES'] },
      { kind: 'website', cents: 4000, productSkus: [WEBSITE], termDays: 365 },
    ]);
    // Premium after Standard (40 €): the website only.
    expect(orderParts(['LEGAL_STATUSES', WEBSITE], 4000)).toEqual([
      { kind: 'website', cents: 4000, productSkus: [WEBSITE], termDays: 365 },
    ]);
    expect(orderParts(['LEGAL_STATUSES'], 1000)).toEqual([
      { kind: 'documents', cents: 1000, productSkus: ['LEGAL_STATUSES'] },
    ]);
  });

  it('refunds what the law says on withdrawal', () => {
    const paidAt = new Date('2026-11-01T10:00:00Z');
    const base = {
      paidAt,
      periodEnd: withdrawalPeriodEnd(paidAt),
      amountCents: 5000,
      refundedCents: 0,
      productSkus: ['LEGAL_STATUSES', WEBSITE],
      parts: orderParts(['LEGAL_STATUSES', WEBSITE], 5000),
      consentGiven: true,
      documentsProvided: true,
      withdrawn: false,
      now: new Date('2026-11-11T09:00:00Z'),
    };
    // Ten started days of the website's 365: 40 € × 355 / 365.
    expect(withdrawalOutcome(base)).toEqual({
      state: 'open',
      refundCents: Math.round((4000 * 355) / 365),
      revokedProductSkus: [WEBSITE],
      websiteDaysUsed: 10,
    });
    expect(withdrawalOutcome({ ...base, consentGiven: false })).toMatchObject({ refundCents: 5000 });
    expect(withdrawalOutcome({ ...base, documentsProvided: false })).toMatchObject({ refundCents: 5000 });
    expect(
      withdrawalOutcome({
        ...base,
        productSkus: ['LEGAL_STATUSES'],
        parts: orderParts(['LEGAL_STATUSES'], 1000),
        amountCents: 1000,
      }),
    ).toEqual({ state: 'rightLost', refundCents: 0, revokedProductSkus: [] });
    expect(withdrawalOutcome({ ...base, now: new Date('2026-11-17T00:00:00Z') })).toMatchObject({
      state: 'periodOver',
    });
    expect(withdrawalOutcome({ ...base, withdrawn: true })).toMatchObject({ state: 'withdrawn' });
  });

  it('credits what earlier orders kept, up to the price', () => {
    expect(upgradeCredit(1000, [{ id: 'a', invoiceNumber: 'KR-1', keptCents: 100 }])).toMatchObject({
      creditCents: 100,
      dueCents: 900,
      owned: false,
    });
    expect(upgradeCredit(100, [{ id: 'a', invoiceNumber: 'KR-1', keptCents: 1000 }])).toMatchObject({
      creditCents: 100,
      dueCents: 0,
      owned: true,
    });
    // A fully refunded order gives nothing.
    expect(upgradeCredit(1000, [{ id: 'a', invoiceNumber: 'KR-1', keptCents: 0 }])).toMatchObject({
      creditCents: 0,
      dueCents: 1000,
    });
  });
});

describe('ECB rates', () => {
  it('reads the daily file and converts exactly', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='2026-11-25'><Cube currency='USD' rate='1.0512'/><Cube currency='RON' rate='5.0912'/></Cube></Cube>
</gesmes:Envelope>`;
    expect(parseEcbRates(xml)).toEqual([
      { currency: 'USD', day: '2026-11-25', rate: '1.0512' },
      { currency: 'RON', day: '2026-11-25', rate: '5.0912' },
    ]);
    expect(parseEcbRates('<html>not the file</html>')).toEqual([]);
    expect(convertCents(826, '5.0912')).toBe(4205);
    expect(convertCents(-1000, '5.0912')).toBe(-5091);
  });
});
