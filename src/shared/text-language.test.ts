import { describe, expect, it } from 'vitest';
import { checkFilingLanguage, guessTextLanguage, type TextLanguage } from './text-language';

/**
 * Corporate purposes as founders type them: long and short, with names of places and brands, in the
 * wording of the activity codes (NAF in France, CAEN in Romania, NACE in English), and without
 * diacritics. A text marked `short` is one word: the guesser must not decide it, and so never warns.
 */
const PURPOSES: Record<TextLanguage, (string | { text: string; short: true })[]> = {
  en: [
    'Software development and IT consulting',
    'Software development',
    'IT consulting services for small and medium-sized businesses',
    'Computer programming activities',
    'Retail sale of clothing in specialised stores',
    'Wholesale of wine and spirits imported from Bordeaux and Burgundy',
    'Management consultancy activities',
    'Web design, digital marketing and social media management for restaurants in Paris and Lyon',
    'Operation of a bakery and coffee shop',
    'Real estate agency: buying, selling and renting residential property',
    'Import and export of textiles between France, Romania and the United Kingdom',
    'Organisation of events, weddings and corporate seminars',
    'Online sale of handmade jewellery',
    'Tutoring and language courses for children and adults',
    'Renovation works, plumbing and electrical installations',
    "The company's purpose is the design, development and sale of mobile applications, and any related activities.",
    'Cleaning services for offices and private homes',
    'Freight transport by road',
    'Photography and video production',
    'Translation services',
    'Holding company: acquisition and management of shareholdings in other companies',
    'SOFTWARE DEVELOPMENT AND IT CONSULTING',
    'Software Development And Digital Marketing For Start-Ups',
    { text: 'Consulting', short: true },
  ],
  fr: [
    'Conseil en informatique, développement et vente de logiciels',
    'Développement de logiciels',
    'Programmation informatique',
    'Conseil en systèmes et logiciels informatiques',
    "Commerce de détail d'habillement en magasin spécialisé",
    'Restauration traditionnelle',
    "La société a pour objet, en France et à l'étranger : le conseil aux entreprises, la formation professionnelle et l'accompagnement des dirigeants ; et généralement toutes opérations industrielles, commerciales, financières, civiles, mobilières ou immobilières pouvant se rattacher directement ou indirectement à l'objet social.",
    'Negoce de vins de Bordeaux et de Bourgogne a destination du Royaume-Uni',
    'Conseil en marketing digital et creation de sites web',
    "Exploitation d'un food truck a Lyon",
    'Agence immobilière : transaction, location et gestion de biens',
    'Travaux de plomberie, chauffage et électricité',
    'Coaching sportif et cours de yoga à domicile',
    'Boulangerie-pâtisserie',
    'Vente en ligne de bijoux faits main',
    'Transports routiers de fret interurbains',
    'Activités des sociétés holding',
    'Nettoyage de bureaux et de locaux professionnels',
    'Photographie et production vidéo',
    'Edition de logiciels applicatifs',
    'Soutien scolaire et cours de langues pour enfants et adultes',
    'Import-export de textiles entre la France, la Roumanie et le Royaume-Uni',
    'CONSEIL EN MANAGEMENT ET FORMATION DES DIRIGEANTS',
    { text: 'Conseil', short: true },
  ],
  ro: [
    'Activități de realizare a soft-ului la comandă (software orientat client)',
    'Activitati de realizare a soft-ului la comanda',
    'Consultanță în tehnologia informației',
    'Comerț cu amănuntul în magazine nespecializate, cu vânzare predominantă de produse alimentare, băuturi și tutun',
    'Comert cu amanuntul al imbracamintei, in magazine specializate',
    'Fabricarea pâinii; fabricarea prăjiturilor și a produselor proaspete de patiserie',
    'Dezvoltare software și consultanță IT pentru firme din București și Cluj-Napoca',
    'Transporturi rutiere de mărfuri',
    'Activități de consultanță pentru afaceri și management',
    'Agenții imobiliare',
    'Lucrări de instalații sanitare, de încălzire și de aer condiționat',
    'Activitati de curatenie generala a cladirilor',
    'Organizarea de evenimente, nunți și petreceri private',
    'Vanzare online de bijuterii lucrate manual',
    'Meditații și cursuri de limbi străine pentru copii și adulți',
    'Activități ale agențiilor de turism',
    'Activitati fotografice',
    'Import-export de produse textile între România, Franța și Marea Britanie',
    'Activități ale holdingurilor',
    'Servicii de traducere si interpretariat',
    'Prestări servicii de reparații auto (cu ş şi ţ cu sedilă)',
    { text: 'Restaurante', short: true },
    { text: 'Consultanta', short: true },
  ],
};

/**
 * Written after the guesser and the set above, and never tuned on: how it does on purposes nobody
 * fitted its word lists to (November 2026: en 12, fr 14, ro 13 of 16 recognised, none wrong).
 */
const HOLDOUT: Record<TextLanguage, (string | { text: string; short: true })[]> = {
  en: [
    'Provision of cybersecurity audits and penetration testing for banks',
    'Breeding and sale of horses',
    'Yoga studio and wellness retreats in the Alps',
    'Consulting in renewable energy projects, including solar farms in Spain',
    'Dental laboratory',
    'We design and sell eco-friendly furniture',
    'Manufacture of cosmetics and personal care products',
    'Driving school',
    'Ownership and letting of holiday apartments in Nice',
    'Recruitment agency for the hospitality industry',
    'Bike repair shop',
    'Publishing of books and magazines',
    'Artificial intelligence research and development',
    'Landscaping and garden maintenance',
    'Wholesale trade of electronic components sourced from Shenzhen',
    { text: 'Consultancy', short: true },
  ],
  fr: [
    "Audit de cybersécurité et tests d'intrusion pour les banques",
    'Élevage et vente de chevaux',
    'Studio de yoga et retraites bien-être dans les Alpes',
    "Conseil en projets d'énergies renouvelables, notamment des centrales solaires en Espagne",
    'Laboratoire de prothèses dentaires',
    'Conception et vente de meubles écologiques',
    "Fabrication de produits cosmétiques et d'hygiène",
    'Auto-école',
    "Location meublée d'appartements de vacances à Nice",
    "Cabinet de recrutement pour l'hôtellerie",
    'Reparation de velos',
    'Edition de livres et de revues',
    'Recherche et developpement en intelligence artificielle',
    'Paysagiste, entretien de jardins',
    'Commerce de gros de composants electroniques importes de Shenzhen',
    { text: 'Ostéopathie', short: true },
  ],
  ro: [
    'Audit de securitate cibernetică și teste de penetrare pentru bănci',
    'Creșterea și vânzarea cailor',
    'Studio de yoga și retreat-uri de wellness în Munții Apuseni',
    'Consultanță în proiecte de energie regenerabilă, inclusiv parcuri solare în Spania',
    'Laborator de tehnică dentară',
    'Proiectarea și vânzarea de mobilier ecologic',
    'Fabricarea produselor cosmetice și de igienă personală',
    'Școală de șoferi',
    'Inchirierea de apartamente de vacanta in Brasov',
    'Agenție de recrutare pentru industria hotelieră',
    'Reparatii biciclete',
    'Editarea cărților și a revistelor',
    'Cercetare-dezvoltare în inteligență artificială',
    'Amenajarea peisagistică și întreținerea grădinilor',
    'Comert cu ridicata al componentelor electronice importate din Shenzhen',
    { text: 'Stomatologie', short: true },
  ],
};

interface Tally {
  right: number;
  undecided: number;
  wrong: string[];
  /** Texts long enough to be decided. */
  decidable: number;
}

function tally(set: typeof PURPOSES, language: TextLanguage): Tally {
  const result: Tally = { right: 0, undecided: 0, wrong: [], decidable: 0 };
  for (const purpose of set[language]) {
    const text = typeof purpose === 'string' ? purpose : purpose.text;
    const guess = guessTextLanguage(text).language;
    if (typeof purpose === 'string') result.decidable += 1;
    if (guess === language) result.right += 1;
    else if (guess === null) result.undecided += 1;
    else result.wrong.push(`${text} → ${guess}`);
  }
  return result;
}

/** Each set with the share of its texts longer than a word that must be recognised. */
const SETS = { tuning: { set: PURPOSES, floor: 0.9 }, holdout: { set: HOLDOUT, floor: 0.75 } };

describe('guessing the language of a corporate purpose', () => {
  describe.each(Object.entries(SETS))('on the %s set', (name, { set, floor }) => {
    it.each(['fr', 'en', 'ro'] as TextLanguage[])(
      'recognises %s purposes and never mistakes one',
      (language) => {
        expect(set[language].length).toBeGreaterThanOrEqual(15);
        const { right, undecided, wrong, decidable } = tally(set, language);
        const total = set[language].length;
        const percent = (count: number, of: number) => ((100 * count) / of).toFixed(1);
        console.log(
          `text-language ${name} ${language}: ${right}/${total} recognised (${percent(right, total)} %), ` +
            `${undecided} undecided, ${wrong.length} wrong; ${percent(right, decidable)} % of the ${decidable} longer than a word`,
        );
        // A wrong guess on a text in the filing language would warn a founder who did nothing wrong.
        expect(wrong).toEqual([]);
        expect(right / decidable).toBeGreaterThanOrEqual(floor);
      },
    );
  });

  it('does not decide a single word, an empty text or a text of names and acronyms', () => {
    for (const text of [
      'Consulting',
      'Conseil',
      'Consultanta',
      '',
      '   ',
      '62.01',
      'SRL',
      'IT SEO',
      'Kreo Paris',
    ])
      expect(guessTextLanguage(text).language, text).toBeNull();
  });

  it('does not decide a text mixing two languages evenly', () => {
    expect(
      guessTextLanguage('Conseil en informatique; software development and consulting').language,
    ).toBeNull();
  });

  it('reads diacritics typed with a cedilla or decomposed as the same letters', () => {
    expect(guessTextLanguage('Prestări servicii de reparații').language).toBe('ro');
    expect(guessTextLanguage('Prestări servicii de reparaţii'.normalize('NFD')).language).toBe('ro');
    expect(guessTextLanguage('Développement de logiciels'.normalize('NFD')).language).toBe('fr');
  });
});

describe('checking a text against the filing language', () => {
  it('says a French purpose is in the filing language of a French company', () => {
    expect(checkFilingLanguage('Conseil en informatique et vente de logiciels', 'fr')).toEqual({
      verdict: 'filing',
    });
  });

  it('names the language of a purpose that is not', () => {
    expect(checkFilingLanguage('Software development and IT consulting', 'fr')).toEqual({
      verdict: 'other',
      language: 'en',
    });
    expect(checkFilingLanguage('Conseil en informatique et vente de logiciels', 'ro')).toEqual({
      verdict: 'other',
      language: 'fr',
    });
    expect(checkFilingLanguage('Software development and IT consulting', 'ro')).toEqual({
      verdict: 'other',
      language: 'en',
    });
  });

  it('says nothing of a text it cannot read, or of a language it does not know', () => {
    expect(checkFilingLanguage('Consulting', 'fr')).toEqual({ verdict: 'unknown' });
    expect(checkFilingLanguage(undefined, 'fr')).toEqual({ verdict: 'unknown' });
    expect(checkFilingLanguage(42, 'ro')).toEqual({ verdict: 'unknown' });
    expect(checkFilingLanguage('Software development and IT consulting', 'de')).toEqual({
      verdict: 'unknown',
    });
  });
});
