import { describe, expect, it } from 'vitest';
import caenFile from '../../../schemas/jurisdictions/caen.json';
import searchFile from '../../../schemas/jurisdictions/caen-search.json';
import type { CaenClass } from '@/shared/jurisdictions';
import {
  authorisationsFor,
  buildCaenIndex,
  CAEN_LANGUAGES,
  findActivityCodes,
  rankCaen,
  type CaenLanguage,
  type CaenSearchFile,
} from './caen-search';

const classes = (caenFile as { classes: CaenClass[] }).classes;
const search = searchFile as unknown as CaenSearchFile;
const indexes = Object.fromEntries(
  CAEN_LANGUAGES.map((language) => [language, buildCaenIndex(classes, search, language)]),
) as Record<CaenLanguage, ReturnType<typeof buildCaenIndex>>;
const rank = (language: CaenLanguage, query: string) => rankCaen(indexes[language], query);

describe('the CAEN search in founders’ words (schemas/jurisdictions/caen-search.json)', () => {
  // Review §14: "cafenea" and "programare" found nothing; every interface searches all three languages.
  it.each(CAEN_LANGUAGES)('finds what a Romanian founder types, first, in a %s interface', (language) => {
    expect(rank(language, 'cafenea')[0]).toBe('5630');
    expect(rank(language, 'programare')[0]).toBe('6210');
    expect(rank(language, 'frizerie')[0]).toBe('9621');
    // CAEN Rev. 3 has no internet-retail class: a general online shop is non-specialised retail (4712),
    // a marketplace the intermediation classes (4791, 4792).
    expect(rank(language, 'magazin online')[0]).toBe('4712');
    expect(rank(language, 'magazin online').slice(0, 4)).toEqual(expect.arrayContaining(['4791', '4792']));
  });

  it('finds the English and French words too', () => {
    expect(rank('en', 'coffee shop')[0]).toBe('5630');
    expect(rank('en', 'barber')[0]).toBe('9621');
    expect(rank('en', 'online shop')[0]).toBe('4712');
    expect(rank('fr', 'café')[0]).toBe('5630');
    expect(rank('fr', 'coiffeur')[0]).toBe('9621');
    expect(rank('fr', 'développeur')[0]).toBe('6210');
    expect(rank('ro', 'taxi')[0]).toBe('4933');
    expect(rank('ro', 'contabilitate')[0]).toBe('6920');
  });

  it('reads everyday words: a bare salon or transport, an online platform as intermediation (review §26)', () => {
    expect(rank('ro', 'salon').slice(0, 2)).toEqual(['9621', '9622']);
    expect(rank('en', 'transport')[0]).toBe('4941');
    expect(rank('ro', 'platformă online').slice(0, 2)).toEqual(['4791', '4792']);
    // Food retail (4711) comes after the intermediation classes for an online shop.
    const shop = rank('ro', 'magazin online');
    expect(shop.indexOf('4711')).toBeGreaterThan(shop.indexOf('4792'));
  });

  it('ignores case and accents, both ways', () => {
    expect(rank('ro', 'CAFENEA')[0]).toBe('5630');
    expect(rank('fr', 'cafe')[0]).toBe('5630');
    expect(rank('ro', 'frizerie ')[0]).toBe('9621');
    expect(rank('ro', 'salon de infrumusetare')[0]).toBe('9622');
    expect(rank('ro', 'Consultanta IT')[0]).toBe('6220');
  });

  it('puts the bar before agriculture and distilleries for "băuturi" (review §14)', () => {
    for (const query of ['băuturi', 'bauturi']) {
      const found = rank('ro', query);
      expect(found.indexOf('5630')).toBeLessThan(found.indexOf('1101'));
      expect(found.indexOf('5630')).toBeLessThan(found.findIndex((code) => code.startsWith('0')));
    }
  });

  it('matches the start of a synonym’s words, and a phrase only in its order', () => {
    expect(rank('ro', 'cafen')[0]).toBe('5630');
    expect(rank('ro', 'magazin onl')[0]).toBe('4712');
    expect(rank('ro', 'mag onl')[0]).toBe('4712');
    expect(rank('ro', 'online magazin')).toEqual([]);
  });

  it('puts the whole synonym before a longer one, and the user’s language first', () => {
    // "magazin" is a Romanian shop; the English "magazine" (publishing) only starts with it.
    for (const language of CAEN_LANGUAGES) {
      const found = rank(language, 'magazin');
      expect(found.indexOf('4711')).toBeLessThan(found.indexOf('5813'));
    }
    // "bar" is a bar in every language, before a barber.
    expect(rank('en', 'bar')[0]).toBe('5630');
    expect(rank('en', 'bar').indexOf('9621')).toBeGreaterThan(0);
  });

  it('then finds classes by every word of their name, in any language', () => {
    expect(rank('ro', 'ridicata cafea')).toEqual(['4637']);
    expect(rank('en', 'wholesale coffee')).toEqual(['4637']);
    expect(rank('fr', 'gros café')).toContain('4637');
  });

  it('lists codes that start with the digits typed, the common classes first', () => {
    const found = rank('ro', '56');
    expect(found.every((code) => code.startsWith('56'))).toBe(true);
    expect(found.slice(0, 3)).toEqual(['5630', '5611', '5621']);
    expect(rank('ro', '9621')).toEqual(['9621']);
  });

  it('lists the common classes first on an empty search, then every other class', () => {
    const found = rank('en', '');
    expect(found.slice(0, search.common.codes.length)).toEqual(search.common.codes);
    expect(found).toHaveLength(classes.length);
  });

  it('orders by match, then language, then the synonym’s own order, then the common classes', () => {
    const small: CaenSearchFile = {
      synonyms: {
        ro: [
          ['pizza', '5612', '5611'],
          ['pizzerie', '5611'],
        ],
        en: [['pizza place', '5630']],
        fr: [['pizza', '1085']],
      },
      common: { codes: ['5630', '5611'] },
      authorisations: [],
    };
    const ro = buildCaenIndex(classes, small, 'ro');
    // The whole synonym (ro, then fr), then the ones that start with it (ro's order, then en).
    expect(rankCaen(ro, 'pizza').slice(0, 4)).toEqual(['5612', '5611', '1085', '5630']);
    const fr = buildCaenIndex(classes, small, 'fr');
    expect(rankCaen(fr, 'pizza').slice(0, 4)).toEqual(['1085', '5612', '5611', '5630']);
    // Equal matches: the common class first.
    expect(rankCaen(ro, 'pi').slice(0, 4)).toEqual(['5611', '5612', '5630', '1085']);
  });
});

describe('the authorisation notes of the chosen classes', () => {
  it('names the notes of every chosen class, once each, and none for an activity free to start', () => {
    expect(authorisationsFor(search, ['5630'])).toEqual(['foodSafety', 'foodService']);
    expect(authorisationsFor(search, ['5630', '5611', '4933'])).toEqual([
      'foodSafety',
      'foodService',
      'taxi',
    ]);
    expect(authorisationsFor(search, ['6210', '7420'])).toEqual([]);
  });
});

describe('the activity a free-text question names (findActivityCodes)', () => {
  const find = (question: string, language: CaenLanguage) => findActivityCodes(search, question, language);

  it('finds the class in a Romanian question, ignoring cod, caen, firma and endings (ro)', () => {
    expect(find('Ce cod CAEN aleg pentru o cafenea?', 'ro')).toEqual(['5630']);
    expect(find('cod caen pt firma de curatenie birouri', 'ro')).toEqual(['8121']);
    expect(find('cod caen pentru cafeneaua mea', 'ro')).toEqual(['5630']);
    expect(find('restaurant mic cu 30 de locuri', 'ro')[0]).toBe('5611');
  });

  it('finds the longest phrase first, a word apart at most, and IT only in capitals (en)', () => {
    // "online … store" (the online-shop synonym) spans more of the question than "clothing store".
    expect(find('caen code online clothing store', 'en')).toEqual(
      search.synonyms.en.find(([words]) => words === 'online store')?.slice(1, 4),
    );
    expect(find('what CAEN code for IT programming', 'en')[0]).toBe('6210');
    expect(find('which code do I need for it', 'en')).toEqual([]);
    expect(find('what CAEN code should my company have', 'en')).toEqual([]);
  });

  it('finds a French activity, and a Romanian word in a French question (fr)', () => {
    expect(find('Quel code CAEN pour une boulangerie ?', 'fr')[0]).toBe('1071');
    expect(find('Quel code CAEN pour une cafenea ?', 'fr')).toEqual(['5630']);
    expect(find('Quel code CAEN choisir pour ma société ?', 'fr')).toEqual([]);
  });

  it('gives at most three classes, each once', () => {
    const codes = find('cafenea, bar, restaurant, catering și brutărie', 'ro');
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
  });
});
