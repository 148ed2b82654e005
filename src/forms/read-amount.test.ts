import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, readAmount, type AmountReading, type ReadAmountOptions } from './read-amount';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const MONEY = { decimals: 2 };
const EURO = { decimals: 2, currencyWords: ['EUR', '€'] };
const LEI = { decimals: 2, currencyWords: ['RON', 'lei'] };
const WHOLE = { decimals: 0 };

const valueOf = (text: string, language: string, options: ReadAmountOptions = MONEY) =>
  readAmount(text, language, options).value;

/** Every prefix of `text`, as a user typing it key by key makes the field read it. */
const prefixes = (text: string) => [...text].map((_, index) => text.slice(0, index + 1));

describe('decimalSeparatorOf', () => {
  it('is the comma in French and Romanian, the point in English', () => {
    expect(decimalSeparatorOf('fr')).toBe(',');
    expect(decimalSeparatorOf('ro')).toBe(',');
    expect(decimalSeparatorOf('en')).toBe('.');
  });
});

describe('readAmount in French and Romanian', () => {
  it.each(['fr', 'ro'])('reads the ways %s speakers write an amount', (language) => {
    expect(valueOf('1000', language)).toBe(1000);
    expect(valueOf('1000,50', language)).toBe(1000.5);
    expect(valueOf('1000,5', language)).toBe(1000.5);
    expect(valueOf('1 000,50', language)).toBe(1000.5);
    expect(valueOf(`1${NBSP}000,50`, language)).toBe(1000.5);
    expect(valueOf(`1${NNBSP}000,50`, language)).toBe(1000.5);
    expect(valueOf('1 000', language)).toBe(1000);
    expect(valueOf('1.000', language)).toBe(1000);
    expect(valueOf('1.000,50', language)).toBe(1000.5);
    expect(valueOf('12.345.678,90', language)).toBe(12345678.9);
    expect(valueOf('1 234 567', language)).toBe(1234567);
    expect(valueOf(',50', language)).toBe(0.5);
    expect(valueOf('0,05', language)).toBe(0.05);
    expect(valueOf('  500  ', language)).toBe(500);
    expect(valueOf('007', language)).toBe(7);
  });

  it.each(['fr', 'ro'])(
    'reads a lone point not followed by three digits as the decimal separator in %s (a keypad)',
    (language) => {
      expect(valueOf('1.5', language)).toBe(1.5);
      expect(valueOf('1000.50', language)).toBe(1000.5);
      expect(valueOf('1.000.50', language)).toBe(1000.5);
      expect(valueOf('1 000.50', language)).toBe(1000.5);
    },
  );

  it('reads the currency written around the figures, and a minus sign', () => {
    expect(valueOf('1 000 €', 'fr', EURO)).toBe(1000);
    expect(valueOf('€1000', 'fr', EURO)).toBe(1000);
    expect(valueOf('1.000 lei', 'ro', LEI)).toBe(1000);
    expect(valueOf('500 LEI', 'ro', LEI)).toBe(500);
    expect(valueOf('500 RON', 'ro', LEI)).toBe(500);
    expect(valueOf('-5', 'fr')).toBe(-5);
    expect(valueOf('−5,5', 'fr')).toBe(-5.5);
    expect(valueOf('-0', 'fr')).toBe(0);
    // Another currency than the field's is not taken for its own.
    expect(readAmount('500 €', 'ro', LEI)).toEqual({ value: undefined, problem: 'digits' });
  });

  it.each<[string, AmountReading['problem']]>([
    ['abc', 'digits'],
    ['12a', 'digits'],
    ['1e5', 'digits'],
    ['0x10', 'digits'],
    ['+5', 'digits'],
    ['1,000,000', 'separators'],
    ['1,2,3', 'separators'],
    ['1,5.000', 'separators'],
    ['1.5.000', 'separators'],
    ['1.00,5', 'separators'],
    ['1000.000,5', 'separators'],
    ['1,000', 'decimals'],
    ['1,005', 'decimals'],
    ['1.0000', 'decimals'],
    ['1 000.000', 'decimals'],
    ['1234567890123456', 'tooLong'],
  ])('refuses %j in French, saying why (%s)', (text, problem) => {
    const reading = readAmount(text, 'fr', MONEY);
    expect(reading).toEqual({ value: undefined, problem });
  });

  it('keeps any number of decimals when the field sets no limit', () => {
    expect(valueOf('1,005', 'fr', {})).toBe(1.005);
    expect(valueOf('1,000', 'fr', {})).toBe(1);
  });
});

describe('readAmount in English', () => {
  it('reads the ways English speakers write an amount', () => {
    expect(valueOf('1000.50', 'en')).toBe(1000.5);
    expect(valueOf('1,000.50', 'en')).toBe(1000.5);
    expect(valueOf('1,000', 'en')).toBe(1000);
    expect(valueOf('1 000.50', 'en')).toBe(1000.5);
    expect(valueOf(`1${NBSP}000`, 'en')).toBe(1000);
    expect(valueOf('12,345,678.9', 'en')).toBe(12345678.9);
    expect(valueOf('.5', 'en')).toBe(0.5);
    expect(valueOf('€1,000.50', 'en', EURO)).toBe(1000.5);
    // A lone comma not followed by three digits is the decimal separator of someone used to it.
    expect(valueOf('1,5', 'en')).toBe(1.5);
    expect(valueOf('1000,50', 'en')).toBe(1000.5);
  });

  it.each<[string, AmountReading['problem']]>([
    ['1.000.000', 'separators'],
    ['1.000,50', 'separators'],
    ['1,00,000', 'separators'],
    // One in English, with three decimals: refused, so that whoever meant a thousand sees it.
    ['1.000', 'decimals'],
    ['1.5€', 'digits'],
  ])('refuses %j, saying why (%s)', (text, problem) => {
    expect(readAmount(text, 'en', MONEY)).toEqual({ value: undefined, problem });
  });
});

describe('readAmount of a whole number', () => {
  it('reads thousands but refuses decimals', () => {
    expect(valueOf('1.000', 'ro', WHOLE)).toBe(1000);
    expect(valueOf('1 000', 'fr', WHOLE)).toBe(1000);
    expect(valueOf('1,000', 'en', WHOLE)).toBe(1000);
    expect(readAmount('1,5', 'fr', WHOLE)).toEqual({ value: undefined, problem: 'whole' });
    expect(readAmount('1,0', 'fr', WHOLE)).toEqual({ value: undefined, problem: 'whole' });
    expect(readAmount('1.5', 'en', WHOLE)).toEqual({ value: undefined, problem: 'whole' });
  });

  it('waits on "1.5" in French, which may become 1.500', () => {
    expect(readAmount('1.5', 'fr', WHOLE)).toEqual({ value: undefined, problem: 'whole', pending: true });
    expect(readAmount('1.50', 'fr', WHOLE)).toEqual({ value: undefined, problem: 'whole', pending: true });
    expect(valueOf('1.500', 'fr', WHOLE)).toBe(1500);
    expect(readAmount('1000.5', 'fr', WHOLE)).toEqual({ value: undefined, problem: 'whole' });
  });
});

describe('readAmount of what is being typed', () => {
  it('reads an empty text as no value, and a lone sign or separator as pending', () => {
    expect(readAmount('', 'fr', MONEY)).toEqual({ value: undefined });
    expect(readAmount('   ', 'fr', MONEY)).toEqual({ value: undefined });
    for (const text of ['-', ',', '.', '€', '- €'])
      expect(readAmount(text, 'fr', EURO)).toEqual({ value: undefined, problem: 'digits', pending: true });
  });

  // The reading after each key: never a problem to show, never a digit lost on the way.
  it.each<[string, string, (number | undefined)[]]>([
    ['fr', '1000,50', [1, 10, 100, 1000, 1000, 1000.5, 1000.5]],
    ['fr', '1.000,50', [1, 1, 1, 1, 1000, 1000, 1000.5, 1000.5]],
    ['ro', '1.000,50', [1, 1, 1, 1, 1000, 1000, 1000.5, 1000.5]],
    ['ro', '1.000', [1, 1, 1, 1, 1000]],
    ['fr', '1 000,50', [1, 1, 10, 100, 1000, 1000, 1000.5, 1000.5]],
    ['fr', '1.000.000,5', [1, 1, 1, 1, 1000, 1000, 1000, 1000, 1000000, 1000000, 1000000.5]],
    ['fr', '-12,5', [undefined, -1, -12, -12, -12.5]],
    ['en', '1,000.50', [1, 1, 1, 1, 1000, 1000, 1000.5, 1000.5]],
    ['en', '1000.50', [1, 10, 100, 1000, 1000, 1000.5, 1000.5]],
    ['en', '1,000,000', [1, 1, 1, 1, 1000, 1000, 1000, 1000, 1000000]],
  ])('in %s, typing %j key by key', (language, text, values) => {
    const readings = prefixes(text).map((prefix) => readAmount(prefix, language, MONEY));
    expect(readings.map((reading) => reading.value)).toEqual(values);
    for (const reading of readings) if (reading.problem) expect(reading.pending).toBe(true);
  });

  it('never shows a problem on the way to a whole number written with points', () => {
    for (const prefix of prefixes('1.000.000')) {
      const reading = readAmount(prefix, 'ro', WHOLE);
      if (reading.problem) expect(reading.pending).toBe(true);
    }
    expect(valueOf('1.000.000', 'ro', WHOLE)).toBe(1000000);
  });
});
