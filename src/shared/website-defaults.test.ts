import { describe, expect, it } from 'vitest';
import { emptyWebsiteContent, mergePhotos, missingPhotoAlts, photoWidths } from './website';
import { servicesFromPurpose, websiteDefaultsFromFile } from './website-defaults';

describe('servicesFromPurpose', () => {
  it('cuts a purpose into services at its lines, semicolons and bullets, without the statute’s opening words', () => {
    expect(
      servicesFromPurpose(
        "La société a pour objet, en France et à l'étranger : la fabrication de pain ; la vente de viennoiseries ;\n- traiteur.",
      ),
    ).toEqual(['La fabrication de pain', 'La vente de viennoiseries', 'Traiteur']);
  });

  it('cuts a single long sentence at its commas, shortens long items at a word and keeps at most 12', () => {
    const long = `Conseil en stratégie numérique pour les petites entreprises, ${'développement de logiciels sur mesure '.repeat(4)}, formation`;
    const services = servicesFromPurpose(long);
    expect(services[0]).toBe('Conseil en stratégie numérique pour les petites entreprises');
    expect(services[1]?.length).toBeLessThanOrEqual(120);
    expect(services[1]).toMatch(/logiciels…$|sur…$|mesure…$|de…$/);
    expect(services[2]).toBe('Formation');
    expect(
      servicesFromPurpose(Array.from({ length: 20 }, (_, index) => `Service ${index}`).join('\n')),
    ).toHaveLength(12);
    expect(servicesFromPurpose('   ')).toEqual([]);
  });
});

describe('websiteDefaultsFromFile', () => {
  it('takes the name, office, country, form, capital, the first manager and the purpose from a file', () => {
    expect(
      websiteDefaultsFromFile({
        jurisdiction: 'RO',
        legalForm: 'SRL_SOLE',
        companyName: 'Cafeaua Bună',
        registeredOffice: 'Strada Lungă 3, Brașov',
        shareCapital: 500,
        corporatePurpose: 'Cafenea; prăjituri de casă',
        persons: [{ id: 'p1', kind: 'natural', firstNames: 'Ana', lastName: 'Ionescu' }],
        managers: [{ personId: 'p1' }],
      }),
    ).toEqual({
      siteName: 'Cafeaua Bună',
      address: 'Strada Lungă 3, Brașov',
      country: 'RO',
      legalForm: 'SRL',
      shareCapital: 500,
      representative: 'Ana Ionescu',
      services: ['Cafenea', 'Prăjituri de casă'],
    });
  });

  it('gives empty defaults for an empty or odd file', () => {
    expect(websiteDefaultsFromFile(null)).toEqual({
      siteName: '',
      address: '',
      country: null,
      legalForm: '',
      shareCapital: null,
      representative: '',
      services: [],
    });
    expect(
      websiteDefaultsFromFile({ jurisdiction: 'DE', legalForm: 'GmbH', shareCapital: -1 }).country,
    ).toBeNull();
  });
});

describe('the gallery’s rules (src/shared/website.ts)', () => {
  it('gives a photo every width below its own and the next one at its own, never enlarged', () => {
    expect(photoWidths(1600)).toEqual([
      [480, 480],
      [960, 960],
      [1600, 1600],
    ]);
    expect(photoWidths(1200)).toEqual([
      [480, 480],
      [960, 960],
      [1600, 1200],
    ]);
    expect(photoWidths(300)).toEqual([[480, 300]]);
  });

  it('keeps the draft’s order and descriptions of the photos that exist, the server’s sizes, and adds new ones last', () => {
    const stored = [
      { id: 'a', width: 960, height: 640, alt: {} },
      { id: 'b', width: 480, height: 480, alt: {} },
      { id: 'c', width: 300, height: 200, alt: {} },
    ];
    expect(
      mergePhotos(
        [
          { id: 'b', width: 1, height: 1, alt: { fr: 'Le four' } },
          { id: 'gone', width: 1, height: 1, alt: {} },
          { id: 'a', width: 1, height: 1, alt: { fr: 'La vitrine' } },
          { id: 'b', width: 1, height: 1, alt: {} },
        ],
        stored,
      ),
    ).toEqual([
      { id: 'b', width: 480, height: 480, alt: { fr: 'Le four' } },
      { id: 'a', width: 960, height: 640, alt: { fr: 'La vitrine' } },
      { id: 'c', width: 300, height: 200, alt: {} },
    ]);
  });

  it('names each missing description, in each language of the site', () => {
    const content = {
      ...emptyWebsiteContent('fr'),
      languages: ['fr', 'ro'] as ('fr' | 'ro')[],
      photos: [
        { id: 'a', width: 10, height: 10, alt: { fr: 'La vitrine', ro: ' ' } },
        { id: 'b', width: 10, height: 10 },
      ],
    };
    expect(missingPhotoAlts(content)).toEqual(['photos.0.alt.ro', 'photos.1.alt.fr', 'photos.1.alt.ro']);
  });
});
