import { normalizedWords } from './words';

/**
 * Another country's company: "how do I form an LLC in Wyoming", "cum deschid o firmă în Bulgaria".
 * The guide covers France and Romania only, and such a question shares its words ("create", "SRL",
 * "company") with the guide's own entries, so that no score tells it apart: it is recognised by the
 * words that name the other country or its company forms. A question that names France or Romania, or
 * says where someone lives ("my co-founder lives in Germany"), is the guide's.
 * Words as normalizedWords writes them (lower case, no accents), several-word names included.
 */
const FOREIGN_FORMS = ['llc', 'ltd', 'gmbh', 'inc', 'bv', 'plc', 'e residency', 'e rezidenta', 'offshore'];
const FOREIGN_PLACES = [
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
  'dubai',
  'delaware',
  'wyoming',
  'florida',
  'berlin',
  'londres',
  'london',
  'madrid',
  'bruxelles',
  'brussels',
  'chisinau',
];
/** "in", "en", "au", "aux", "à" and "în" (written "a" and "in" once accents are gone). */
const IN = ['in', 'en', 'au', 'aux', 'a', 'in the', 'dans le', 'dans la'];
/** Words that say a company is being made (any language, as normalised). */
const CREATING =
  /\b(cree\w*|creer|creation|monter|ouvrir|immatricul\w*|form|create|set up|setup|register|open|incorporate|start|infiint\w*|deschid\w*|firma|firme|societe|company|srl|sas|sarl)\b/;
/** Words that say where someone lives or stays: the company itself is then made in France or Romania. */
const LIVING =
  /\b(habite|habitent|vit|vis|vivons|live|lives|living|based|locuiesc|locuieste|locuim|sta|stau|sunt in|e in|est au|est en|resident|resides|reside)\b/;
/** Names of France and Romania (their own places too): the question is then about them. */
const OWN_COUNTRIES =
  /\b(france|francais\w*|french|franta|frantei|paris|lyon|marseille|romania|romaniei|roumanie|roumain\w*|romanian|roman|romana|romanesc|bucuresti|bucharest|cluj)\b/;

/** The guide's own legal forms. */
const OWN_FORMS = /\b(sas|sasu|sarl|eurl|srl|pfa)\b/;

/** Whether the question asks about creating a company in another country than France or Romania. */
export function asksAboutAnotherCountry(question: string): boolean {
  const text = ` ${normalizedWords(question).join(' ')} `;
  if (OWN_COUNTRIES.test(text)) return false;
  // A foreign company beside a French or Romanian form is an associate of it ("a GmbH as associate of
  // my SAS"): the guide's question.
  if (FOREIGN_FORMS.some((form) => text.includes(` ${form} `))) return !OWN_FORMS.test(text);
  if (!CREATING.test(text) || LIVING.test(text)) return false;
  return FOREIGN_PLACES.some((place) => IN.some((word) => text.includes(` ${word} ${place} `)));
}
