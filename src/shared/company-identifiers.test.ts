import { describe, expect, it } from 'vitest';
import { checkCompanyIdentifiers, frenchVatKey, noticeNumbers, passesLuhn } from './company-identifiers';

describe('checkCompanyIdentifiers', () => {
  it('takes a French company’s SIREN, greffe and VAT number, as the Kbis writes them', () => {
    const checked = checkCompanyIdentifiers('FR', {
      siren: ' 912 345 675 ',
      rcsCity: 'Aix-en-Provence',
      vatNumber: 'fr 65 912 345 675',
    });
    expect(checked).toEqual({
      ok: true,
      identifiers: {
        country: 'FR',
        siren: '912345675',
        rcsCity: 'Aix-en-Provence',
        vatNumber: 'FR65912345675',
      },
    });
    if (checked.ok)
      expect(noticeNumbers(checked.identifiers)).toEqual({
        registrationNumber: 'RCS Aix-en-Provence 912 345 675',
        taxId: '',
        vatNumber: 'FR65912345675',
      });
  });

  it('refuses a SIREN that fails its Luhn key, a VAT key or SIREN that does not match, and missing fields', () => {
    expect(passesLuhn('912345675')).toBe(true);
    expect(passesLuhn('912345676')).toBe(false);
    expect(frenchVatKey('912345675')).toBe('65');
    // A VAT number published with its SIREN (FR65 510204142, an example on legavox.fr).
    expect(frenchVatKey('510204142')).toBe('65');
    expect(checkCompanyIdentifiers('FR', { siren: '912345676', rcsCity: 'Lyon' })).toEqual({
      ok: false,
      problems: { siren: 'checksum' },
    });
    expect(checkCompanyIdentifiers('FR', { siren: '91234567', rcsCity: '75' })).toEqual({
      ok: false,
      problems: { siren: 'format', rcsCity: 'format' },
    });
    expect(checkCompanyIdentifiers('FR', {})).toEqual({
      ok: false,
      problems: { siren: 'required', rcsCity: 'required' },
    });
    expect(
      checkCompanyIdentifiers('FR', { siren: '912345675', rcsCity: 'Lyon', vatNumber: 'FR66912345675' }),
    ).toEqual({ ok: false, problems: { vatNumber: 'checksum' } });
    expect(
      checkCompanyIdentifiers('FR', { siren: '912345675', rcsCity: 'Lyon', vatNumber: 'FR65510204142' }),
    ).toEqual({ ok: false, problems: { vatNumber: 'mismatch' } });
  });

  it('takes a Romanian company’s trade register number in both forms and its CUI, with or without RO', () => {
    // The example of python-stdnum (ro/onrc.py): J52/750/2012 renumbered in July 2024.
    expect(
      checkCompanyIdentifiers('RO', { tradeRegisterNumber: 'J2012000750528', cui: '18547290' }, 2026),
    ).toEqual({
      ok: true,
      identifiers: { country: 'RO', tradeRegisterNumber: 'J2012000750528', cui: '18547290' },
    });
    // As the certificate prints it, with the registration's date.
    expect(
      checkCompanyIdentifiers('RO', { tradeRegisterNumber: 'J52/750/22.11.2012', cui: '18547290' }, 2026),
    ).toMatchObject({ ok: true, identifiers: { tradeRegisterNumber: 'J52/750/2012' } });
    const old = checkCompanyIdentifiers(
      'RO',
      { tradeRegisterNumber: 'j40/01234/2020', cui: 'ro 18547290' },
      2026,
    );
    expect(old).toEqual({
      ok: true,
      identifiers: { country: 'RO', tradeRegisterNumber: 'J40/1234/2020', cui: 'RO18547290' },
    });
    if (old.ok)
      expect(noticeNumbers(old.identifiers)).toEqual({
        registrationNumber: 'J40/1234/2020',
        taxId: 'RO18547290',
        vatNumber: '',
      });
  });

  it('refuses a Romanian number that fails its check digit, its county or its year', () => {
    const check = (tradeRegisterNumber: string, cui = '18547290') =>
      checkCompanyIdentifiers('RO', { tradeRegisterNumber, cui }, 2026);
    expect(check('J2012000750529')).toEqual({ ok: false, problems: { tradeRegisterNumber: 'checksum' } });
    // Registered after July 2024: the county is 00.
    expect(check('J2026001234404')).toEqual({ ok: false, problems: { tradeRegisterNumber: 'format' } });
    expect(check('J2030001234004')).toEqual({ ok: false, problems: { tradeRegisterNumber: 'format' } });
    // Old numbers: a county of 1 to 40, 51 or 52, and none after 2024.
    expect(check('J45/1234/2020')).toEqual({ ok: false, problems: { tradeRegisterNumber: 'format' } });
    expect(check('J40/1234/2025')).toEqual({ ok: false, problems: { tradeRegisterNumber: 'format' } });
    expect(check('J40/1234/2020', '18547291')).toEqual({ ok: false, problems: { cui: 'checksum' } });
    expect(check('J40/1234/2020', '018547290')).toEqual({ ok: false, problems: { cui: 'format' } });
    expect(checkCompanyIdentifiers('RO', {}, 2026)).toEqual({
      ok: false,
      problems: { tradeRegisterNumber: 'required', cui: 'required' },
    });
  });
});
