import addFormats from 'ajv-formats';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { fullFormats } from './formats';

describe('the date format of the precompiled forms', () => {
  const samples = [
    '2026-11-25',
    '2024-02-29',
    '2023-02-29',
    '1900-02-29',
    '2000-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '26-01-01',
    '2026-1-1',
    '2026-01-01T00:00:00Z',
    '',
    ' 2026-01-01',
  ];

  it('judges every date as ajv-formats does (which it replaces in the browser)', () => {
    const ajv = new Ajv();
    addFormats(ajv, ['date']);
    const reference = ajv.compile({ type: 'string', format: 'date' });
    for (const sample of samples) expect(fullFormats.date.validate(sample), sample).toBe(reference(sample));
  });

  it('orders dates as text, and cannot compare a missing one', () => {
    expect(fullFormats.date.compare('2026-01-02', '2026-01-01')).toBe(1);
    expect(fullFormats.date.compare('2025-12-31', '2026-01-01')).toBe(-1);
    expect(fullFormats.date.compare('2026-01-01', '2026-01-01')).toBe(0);
    expect(fullFormats.date.compare('', '2026-01-01')).toBeUndefined();
  });
});
