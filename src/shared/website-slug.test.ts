import { describe, expect, it } from 'vitest';
import { slugProblem, suggestSlug } from './website-slug';

describe('slugProblem', () => {
  it('refuses what is not 3 to 40 lowercase letters, digits and single hyphens', () => {
    for (const slug of ['Boulangerie', 'ma boulangerie', 'ab', '-debut', 'fin-', 'double--tiret', 'é', ''])
      expect(slugProblem(slug), slug).toBe('format');
    expect(slugProblem('x'.repeat(41))).toBe('format');
    expect(slugProblem('x'.repeat(40))).toBeNull();
  });

  it('reserves the slugs of the security review (R3-07): the brand beside other words, or written with digits', () => {
    for (const slug of [
      'kreo-support',
      'kreo-help',
      'kreo-billing',
      'kreo-login',
      'kreo-official',
      'support-kreo',
      'kre0',
    ])
      expect(slugProblem(slug), slug).toBe('reserved');
  });

  it('reserves the brand wherever it can be read', () => {
    for (const slug of [
      'kreo',
      'my-kreo-shop',
      'mykreo',
      'getkreo',
      'kreo2026',
      'kreo123',
      '2026-kreo',
      'kr3o',
      'kr30',
      'k-r-e-o',
      'kre-o',
      'kreeo',
      'kreoo',
      'kreo-lia',
      'kreolia-kreo',
      'kreosupport',
      'kreohelp',
      'kreoapp',
      'kreoshop',
      'kreoteam',
      'kre0-official',
      'helpdesk-kr3o',
    ])
      expect(slugProblem(slug), slug).toBe('reserved');
  });

  it('reserves the reserved words written with look-alikes, hyphens or a letter once too often or too few', () => {
    for (const slug of [
      'admin',
      'supp0rt',
      'suport',
      'suppport',
      's-u-p-p-o-r-t',
      'adm1n',
      'adrnin',
      'log1n',
      '1ogin',
      'b1lling',
      'bi11ing',
      'he1p',
      'h3lp',
      'off1cial',
      '0fficial',
      '5ecurity',
      'p4yment',
      'st4tus',
      'vvebsite',
      'sitelogos',
      'ap1',
    ])
      expect(slugProblem(slug), slug).toBe('reserved');
  });

  it('reserves a slug made only of our words, and leaves one that names a business beside them', () => {
    for (const slug of ['secure-login', 'verify-account', 'support-billing', 'official-help', 'h3lp-login'])
      expect(slugProblem(slug), slug).toBe('reserved');
    for (const slug of ['boulangerie-support', 'login-studio', 'help-for-pets', 'team-building-lyon'])
      expect(slugProblem(slug), slug).toBeNull();
  });

  it('leaves ordinary names free, those that begin with the brand’s letters included', () => {
    for (const slug of [
      'boulangerie-dupont',
      'kreolia',
      'kreon',
      'kreole-paris',
      'boulangerie-kreolia',
      'creo-studio',
      'kreativ-atelier',
      'krea',
      'it-support-paris',
      'help-for-pets',
      'admin-conseil',
      'mali-voyages',
      'mall',
      'legalis-avocats',
      'info-plus',
      'apps-factory',
      'atelier-ionescu',
      'cafe-des-arts',
      'fromagerie-martin',
      'team-building-lyon',
      'brutaria-ana',
      'kre',
    ])
      expect(slugProblem(slug), slug).toBeNull();
  });
});

describe('suggestSlug', () => {
  it('makes a slug of a name', () => {
    expect(suggestSlug('Boulangerie Dupont SAS')).toBe('boulangerie-dupont-sas');
    expect(suggestSlug('Brutăria Ană & Fiii')).toBe('brutaria-ana-fiii');
  });
});
