import { describe, expect, it } from 'vitest';
import { makeCnp, withDigit } from '@/testing/cnp';
import { CNP_COUNTY_CODES, checkCnp } from './cnp';

describe('checkCnp: codes checked by hand', () => {
  // Each sum is worked out digit by digit: 1·2 + 0·7 + 4·9 + 0·1 + 2·4 + 2·6 + 9·3 + 3·5 + 1·8 + 9·2 + 9·7 + 9·9.
  it('accepts 1040229319996: a man born on 29 February 1904 (a leap year) in Sălaj (31); 270 = 24·11 + 6', () => {
    expect(checkCnp('1040229319996')).toEqual({ ok: true, birthDate: '1904-02-29', sex: 'M', county: '31' });
  });

  it('accepts 2850315420017: a woman born on 15 March 1985 in Bucharest sector 2; 183 = 16·11 + 7', () => {
    expect(checkCnp('2850315420017')).toEqual({ ok: true, birthDate: '1985-03-15', sex: 'F', county: '42' });
  });

  it('accepts 5201206346491, whose remainder is 10 (219 = 19·11 + 10): the control digit is 1, not 0', () => {
    expect(checkCnp('5201206346491')).toEqual({ ok: true, birthDate: '2020-12-06', sex: 'M', county: '34' });
    expect(checkCnp('5201206346490')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('accepts 7041218318525, a resident foreigner (7): 181 = 16·11 + 5', () => {
    expect(checkCnp('7041218318525')).toMatchObject({ ok: true, sex: 'M', county: '31' });
  });
});

describe('checkCnp: the structure', () => {
  it('refuses anything but 13 digits (format)', () => {
    for (const text of [
      '',
      '285031542001',
      '28503154200170',
      '2850315 420017',
      '285031542001A',
      ' 2850315420017',
    ])
      expect(checkCnp(text)).toEqual({ ok: false, reason: 'format' });
    // Digits of another script are not the digits of a CNP.
    expect(checkCnp('٢٨٥٠٣١٥٤٢٠٠١٧')).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses a first digit 0 (sex) and calls a first digit 9 a tax number (nif)', () => {
    expect(checkCnp(withDigit('2850315420017', 0, '0'))).toEqual({ ok: false, reason: 'sex' });
    const nif = makeCnp(9, '1985-03-15', '42');
    expect(checkCnp(nif)).toEqual({ ok: false, reason: 'nif' });
  });

  it('reads the century from the first digit: 1/2 the 1900s, 3/4 the 1800s, 5/6 the 2000s', () => {
    expect(checkCnp(makeCnp(1, '1999-12-31', '12'))).toMatchObject({
      ok: true,
      birthDate: '1999-12-31',
      sex: 'M',
    });
    expect(checkCnp(makeCnp(4, '1896-02-29', '12'))).toMatchObject({
      ok: true,
      birthDate: '1896-02-29',
      sex: 'F',
    });
    expect(checkCnp(makeCnp(6, '2010-07-01', '12'))).toMatchObject({
      ok: true,
      birthDate: '2010-07-01',
      sex: 'F',
    });
  });

  it('refuses a date that does not exist in its century (date)', () => {
    for (const [first, date] of [
      [1, '1985-00-15'],
      [1, '1985-13-15'],
      [2, '1985-03-00'],
      [2, '1985-03-32'],
      [1, '1985-04-31'],
      [1, '1985-02-29'],
      // 1900 is not a leap year, 2000 is.
      [1, '1900-02-29'],
    ] as const)
      expect(checkCnp(makeCnp(first, date, '12')), `${first} ${date}`).toEqual({ ok: false, reason: 'date' });
    expect(checkCnp(makeCnp(5, '2000-02-29', '12'))).toMatchObject({ ok: true, birthDate: '2000-02-29' });
  });

  it('lets a resident foreigner (7, 8) be born in either century', () => {
    // 29 February 00 exists only in 2000.
    expect(checkCnp(makeCnp(8, '2000-02-29', '40'))).toMatchObject({
      ok: true,
      birthDate: '2000-02-29',
      sex: 'F',
    });
    // Without a date of birth: the later century that is not in the future.
    expect(checkCnp('7041218318525')).toMatchObject({ birthDate: '2004-12-18' });
    expect(checkCnp(makeCnp(7, '1999-01-01', '40'))).toMatchObject({ birthDate: '1999-01-01' });
    // With one, the person's.
    expect(checkCnp('7041218318525', { dateOfBirth: '1904-12-18' })).toMatchObject({
      ok: true,
      birthDate: '1904-12-18',
    });
    expect(checkCnp(makeCnp(7, '2000-02-29', '40'), { dateOfBirth: '1900-02-29' })).toEqual({
      ok: false,
      reason: 'dateMismatch',
    });
  });

  it('accepts every county code of the list and refuses the others (county)', () => {
    const listed = new Set(CNP_COUNTY_CODES);
    for (const code of ['01', '39', '40', '46', '47', '51', '52', '70', '80', '83'])
      expect(listed.has(code)).toBe(true);
    for (let number = 0; number < 100; number++) {
      const code = String(number).padStart(2, '0');
      const result = checkCnp(makeCnp(2, '1985-03-15', code));
      if (listed.has(code)) expect(result, code).toMatchObject({ ok: true, county: code });
      else expect(result, code).toEqual({ ok: false, reason: 'county' });
    }
    for (const code of ['00', '49', '53', '55', '69', '71', '79', '85', '89', '91', '97'])
      expect(listed.has(code), code).toBe(false);
  });

  it('refuses every wrong control digit (checksum), for codes of every first digit', () => {
    for (const first of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const date =
        first === 3 || first === 4 ? '1888-08-08' : first === 5 || first === 6 ? '2012-10-31' : '1971-01-20';
      for (const sequence of [1, 47, 500, 999]) {
        const cnp = makeCnp(first, date, '26', sequence);
        expect(checkCnp(cnp).ok, cnp).toBe(true);
        for (const digit of '0123456789')
          if (digit !== cnp[12])
            expect(checkCnp(withDigit(cnp, 12, digit))).toEqual({ ok: false, reason: 'checksum' });
      }
    }
  });

  it('reports the first broken rule: format, sex, date, county, then checksum', () => {
    // A wrong date and a wrong county: the date is named.
    expect(checkCnp(withDigit(withDigit(makeCnp(1, '1985-03-15', '12'), 3, '2'), 7, '9'))).toEqual({
      ok: false,
      reason: 'date',
    });
    // A wrong county and a wrong control digit: the county is named.
    const badCounty = makeCnp(1, '1985-03-15', '49');
    expect(checkCnp(withDigit(badCounty, 12, String((Number(badCounty[12]) + 1) % 10)))).toEqual({
      ok: false,
      reason: 'county',
    });
  });
});

describe('checkCnp: against the person', () => {
  const cnp = '2850315420017';

  it('accepts the date of birth and civility the code says', () => {
    expect(checkCnp(cnp, { dateOfBirth: '1985-03-15', civility: 'F' })).toMatchObject({ ok: true });
  });

  it('refuses another date of birth (dateMismatch), a day or a century apart', () => {
    expect(checkCnp(cnp, { dateOfBirth: '1985-03-16' })).toEqual({ ok: false, reason: 'dateMismatch' });
    expect(checkCnp(cnp, { dateOfBirth: '2085-03-15' })).toEqual({ ok: false, reason: 'dateMismatch' });
  });

  it('refuses the other civility (sexMismatch): 1/3/5/7 are men, 2/4/6/8 women', () => {
    expect(checkCnp(cnp, { civility: 'M' })).toEqual({ ok: false, reason: 'sexMismatch' });
    expect(checkCnp('1040229319996', { civility: 'F' })).toEqual({ ok: false, reason: 'sexMismatch' });
    expect(checkCnp(makeCnp(3, '1890-05-05', '05'), { civility: 'F' })).toEqual({
      ok: false,
      reason: 'sexMismatch',
    });
    expect(checkCnp(makeCnp(6, '2005-05-05', '05'), { civility: 'M' })).toEqual({
      ok: false,
      reason: 'sexMismatch',
    });
    expect(checkCnp(makeCnp(7, '1990-05-05', '05'), { civility: 'F' })).toEqual({
      ok: false,
      reason: 'sexMismatch',
    });
    expect(checkCnp(makeCnp(8, '1990-05-05', '05'), { civility: 'M' })).toEqual({
      ok: false,
      reason: 'sexMismatch',
    });
  });

  it('names the date before the civility when both differ', () => {
    expect(checkCnp(cnp, { dateOfBirth: '1985-03-16', civility: 'M' })).toEqual({
      ok: false,
      reason: 'dateMismatch',
    });
  });

  it('leaves a date of birth that is not YYYY-MM-DD to its own field', () => {
    expect(checkCnp(cnp, { dateOfBirth: '15/03/1985' })).toMatchObject({ ok: true, birthDate: '1985-03-15' });
    expect(checkCnp(cnp, { dateOfBirth: '' })).toMatchObject({ ok: true });
  });
});
