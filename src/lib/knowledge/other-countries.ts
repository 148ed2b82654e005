import { normalizedWords } from './words';

/**
 * Another country's company: "how do I form an LLC in Wyoming", "cum deschid o firmă în Bulgaria".
 * The guide covers France and Romania only, and such a question shares its words ("create", "SRL",
 * "company") with the guide's own entries, so that no score tells it apart: it is recognised by the
 * words that name the other country's company forms, or by a company placed in another country
 * ("une SRL en Belgique", "a company in the UK"). A foreign place anywhere else in the question is a
 * founder's or an associate's ("créer une SAS avec un associé en Allemagne", "I work in Germany"): the
 * guide's question. Words as normalizedWords writes them (lower case, no accents).
 */
const FOREIGN_FORMS = ['llc', 'ltd', 'gmbh', 'inc', 'bv', 'plc', 'e residency', 'e rezidenta', 'offshore'];
const FOREIGN_COUNTRIES = [
  'belgique',
  'belgium',
  'belgia',
  'suisse',
  'switzerland',
  'elvetia',
  'luxembourg',
  'luxemburg',
  'allemagne',
  'germany',
  'germania',
  'espagne',
  'spain',
  'spania',
  'italie',
  'italy',
  'italia',
  'royaume uni',
  'uk',
  'angleterre',
  'england',
  'anglia',
  'marea britanie',
  'irlande',
  'ireland',
  'irlanda',
  'bulgarie',
  'bulgaria',
  'hongrie',
  'hungary',
  'ungaria',
  'moldavie',
  'moldova',
  'republica moldova',
  'ukraine',
  'ucraina',
  'estonie',
  'estonia',
  'pays bas',
  'netherlands',
  'olanda',
  'portugal',
  'pologne',
  'poland',
  'polonia',
  'usa',
  'etats unis',
  'america',
  'sua',
  'canada',
  'delaware',
  'wyoming',
  'florida',
];
/** Cities, which French also places with "à" ("une SRL à Bruxelles"). */
const FOREIGN_CITIES = [
  'dubai',
  'berlin',
  'londres',
  'london',
  'madrid',
  'bruxelles',
  'brussels',
  'chisinau',
];
/** "in", "en", "au", "aux", "în" (written "in" once accents are gone), "dans le". */
const IN = ['in', 'en', 'au', 'aux', 'in the', 'dans le', 'dans la'];
/** Words for a company, and for making one: what another country's name must follow closely. */
const COMPANY_WORDS = new Set([
  'societe',
  'company',
  'business',
  'firma',
  'firme',
  'firmei',
  'companie',
  'boite',
  'entreprise',
  'srl',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'creer',
  'create',
  'open',
  'register',
  'incorporate',
  'setup',
  'monter',
  'ouvrir',
  'immatriculer',
  'infiintez',
  'infiinta',
  'deschid',
  'deschide',
]);
/** Words for a person: a place after them is where someone lives or works, not the company's. */
const PERSON_WORDS = new Set([
  'associe',
  'associes',
  'associee',
  'partner',
  'cofounder',
  'founder',
  'asociat',
  'asociatul',
  'citizen',
  'cetatean',
  'domicilie',
  'resident',
  'residant',
  'reside',
  'vis',
  'vit',
  'habite',
  'live',
  'lives',
  'living',
  'based',
  'work',
  'works',
  'travaille',
  'lucrez',
  'locuiesc',
  'locuieste',
  'sunt',
  'suis',
]);
/** The guide's own legal forms: named elsewhere than right before the place, the question is theirs. */
const OWN_FORMS = new Set(['sas', 'sasu', 'sarl', 'eurl', 'srl', 'pfa']);
/** Names of France and Romania (their own places too): the question is then about them. */
const OWN_COUNTRIES =
  /\b(france|francais\w*|french|franta|frantei|paris|lyon|marseille|romania|romaniei|roumanie|roumain\w*|romanian|roman|romana|romanesc|bucuresti|bucharest|cluj)\b/;
/** How many words may stand between the company (or the making of it) and its place: "une SRL ici en". */
const NEAR = 3;

/** Where, in `words`, another country or city follows a word for "in": the index of that word. */
function placesIn(words: readonly string[]): number[] {
  const text = (from: number, length: number) => words.slice(from, from + length).join(' ');
  const found: number[] = [];
  words.forEach((_, index) => {
    for (const preposition of IN) {
      const length = preposition.split(' ').length;
      if (text(index, length) !== preposition) continue;
      const rest = words.slice(index + length).join(' ');
      if (FOREIGN_COUNTRIES.some((place) => `${rest} `.startsWith(`${place} `))) found.push(index);
    }
    // The French "à" (written "a"), before a city only: "a" is also the English article.
    if (words[index] === 'a' && FOREIGN_CITIES.some((city) => words[index + 1] === city)) found.push(index);
    if (IN.includes(words[index] ?? '') && FOREIGN_CITIES.some((city) => words[index + 1] === city))
      found.push(index);
  });
  return found;
}

/** Whether the question asks about creating a company in another country than France or Romania. */
export function asksAboutAnotherCountry(question: string): boolean {
  const words = normalizedWords(question);
  const text = ` ${words.join(' ')} `;
  if (OWN_COUNTRIES.test(text)) return false;
  const ownForm = words.findIndex((word) => OWN_FORMS.has(word));
  // A foreign company beside the guide's own form is an associate of it ("a GmbH as associate of my SAS").
  if (FOREIGN_FORMS.some((form) => text.includes(` ${form} `))) return ownForm < 0;
  return placesIn(words).some((at) => {
    const before = words.slice(Math.max(0, at - NEAR), at);
    // Right after the guide's form ("une SRL en Belgique"): that form, made abroad.
    if (OWN_FORMS.has(words[at - 1] ?? '')) return true;
    if (ownForm >= 0) return false;
    if (before.some((word) => PERSON_WORDS.has(word))) return false;
    return before.some((word) => COMPANY_WORDS.has(word));
  });
}
