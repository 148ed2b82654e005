import { describe, expect, it } from 'vitest';
import { legalForms } from '@/forms/generated/wizard-steps';
import { withCompanyForm } from './jurisdictions';

describe('withCompanyForm', () => {
  it('gives the file the currency of its country', () => {
    expect(withCompanyForm(legalForms, { jurisdiction: 'RO' })).toEqual({
      jurisdiction: 'RO',
      currency: 'RON',
    });
  });

  it("clears a legal form of another country, and keeps the country's own", () => {
    expect(withCompanyForm(legalForms, { jurisdiction: 'RO', legalForm: 'SAS', currency: 'EUR' })).toEqual({
      jurisdiction: 'RO',
      currency: 'RON',
    });
    const french = { jurisdiction: 'FR', legalForm: 'SASU', currency: 'EUR', companyName: 'X' };
    expect(withCompanyForm(legalForms, french)).toBe(french);
  });

  it('leaves a file without a known country as it is', () => {
    const data = { companyName: 'X' };
    expect(withCompanyForm(legalForms, data)).toBe(data);
  });
});
