import { describe, expect, it } from 'vitest';
import { firstFinancialYearEnd } from './first-financial-year';

describe('firstFinancialYearEnd', () => {
  it("takes the founder's date, else 31 December of the year of signature, or of the next after June", () => {
    expect(
      firstFinancialYearEnd({ firstFinancialYearEnd: '2027-06-30', dateOfSignature: '2026-09-01' }, 1),
    ).toBe('2027-06-30');
    expect(firstFinancialYearEnd({ dateOfSignature: '2026-01-15' }, 1)).toBe('2026-12-31');
    expect(firstFinancialYearEnd({ dateOfSignature: '2026-07-01' }, 1)).toBe('2027-12-31');
    expect(firstFinancialYearEnd({ dateOfSignature: '2026-07-01' }, 0)).toBe('2026-12-31');
  });

  it('says nothing where the law leaves no choice, or without a date of signature', () => {
    expect(firstFinancialYearEnd({ dateOfSignature: '2026-07-01' }, null)).toBe('');
    expect(firstFinancialYearEnd({}, 1)).toBe('');
  });
});
