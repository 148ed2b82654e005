/**
 * A small guess at the language (French, English or Romanian) of a founder's own text, such as the
 * corporate purpose, which goes as typed into the documents filed in the country's language. It only
 * has to tell these three apart on a line or a paragraph of business wording, so a few hundred words
 * typical of each, the letters each alone uses and some endings do: no library, no statistics file.
 * When in doubt it says so (null), and a page must then say nothing: a wrong warning on a text that is
 * in the right language is worse than none.
 */
export const TEXT_LANGUAGES = ['fr', 'en', 'ro'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/**
 * Words of each language, without their diacritics (a text typed without them still matches). A word
 * two languages share counts for both; words a French or Romanian purpose borrows from English
 * (software, marketing, consulting, design…) are in none, and `NEUTRAL` keeps them from the endings.
 */
const WORDS: Record<TextLanguage, string> = {
  fr:
    'le la les l d de des du et en un une au aux pour par sur dans avec ou tous toutes tout toute ses son sa ' +
    'leur leurs ainsi que qui qu ces cette ce se sous entre vers chez dont notamment egalement compris ' +
    'autres autre tiers objet societe societes operations pouvant rattacher rattachant directement ' +
    'indirectement connexes similaires complementaires conseil conseils developpement vente ventes achat ' +
    'achats prestations prestation activites activite informatique informatiques logiciel logiciels ' +
    'gestion location fabrication negoce restauration marchandises travaux batiment etudes etude ' +
    'realisation exploitation importation exportation conception edition entreprises particuliers ' +
    'produits immobilier immobiliere immobilieres biens vetements alimentaires materiel materiels ' +
    'equipements accompagnement ingenierie mise oeuvre nettoyage coiffure boulangerie patisserie agence ' +
    'voyages evenements evenementiel cours soutien scolaire enseignement sante esthetique plomberie ' +
    'electricite peinture menuiserie maconnerie numerique magasin magasins specialise specialises detail ' +
    'gros habillement bureaux locaux domicile ligne faits fret routiers chauffage bijoux vins langues ' +
    'enfants adultes etranger dirigeants programmation systemes reseaux donnees securite hebergement ' +
    'traduction creation fourniture reparation entretien commercialisation',
  en:
    'the and of to for with by from or an all any its their other such including related activities ' +
    'activity consultancy development sale sales selling buying purchase trade rental renting ' +
    'manufacturing manufacture repair repairs training provision providing companies company goods ' +
    'products building buildings works real estate property clothing equipment retail wholesale advisory ' +
    'engineering cleaning hairdressing bakery travel agency events event tutoring teaching health beauty ' +
    'plumbing electrical painting carpentry websites apps shop shops store stores specialised specialized ' +
    'computer programming technology language languages handmade jewellery jewelry wine wines spirits ' +
    'imported between freight road photography shareholdings translation weddings corporate seminars ' +
    'coffee is are be as at on in this that which our we will may can homes home offices children adults ' +
    'courses purpose services provider supply repairing',
  ro:
    'si in cu pentru pe din prin sau al ale ai unei unui unor altor alte alta precum inclusiv privind ' +
    'de la un o ce conexe activitati activitate activitatea activitatile servicii serviciilor consultanta ' +
    'dezvoltare dezvoltarea vanzare vanzarea vanzari comert comertul amanuntul ridicata fabricare ' +
    'fabricarea productie productia prestare prestarea realizare realizarea inchiriere intretinere ' +
    'reparare repararea constructii cladiri cladirilor lucrari produse produselor bunuri alimentare ' +
    'imbracaminte imbracamintei echipamente tehnologia informatiei calculatoare programare magazine ' +
    'nespecializate specializate agentii agentiilor turism organizarea evenimente curatenie frizerie ' +
    'coafura instruire formare invatamant sanatate imobiliare proprietati firme firmelor societati ' +
    'societate clienti persoane fizice juridice domeniul solutii platforme aplicatii comanda orientat ' +
    'ului painii prajiturilor proaspete patiserie transporturi rutiere marfuri afaceri instalatii sanitare ' +
    'incalzire aer conditionat generala nunti petreceri bijuterii lucrate meditatii cursuri limbi straine ' +
    'copii adulti fotografice holdingurilor traducere interpretariat predominanta bauturi tutun intre ' +
    'franta obiectul',
};

/** Borrowed words that say nothing of the language around them. */
const NEUTRAL = new Set(
  (
    'software hardware middleware marketing coaching consulting catering leasing parking camping shopping ' +
    'branding dropshipping trading design web online digital business management commerce startup data ' +
    'cloud it'
  ).split(' '),
);

/** Endings, for the words none of the lists has: [pattern, language, weight]. */
const ENDINGS: [RegExp, TextLanguage, number][] = [
  [/(?:ique|iques|eurs?|euses?|ités?|ées?|ières?|elles?|eaux|iaux|ales|ifs?)$/, 'fr', 0.75],
  [/(?:ness|ship|[iy]sed|[iy]zing|ising|ities|ful|less|ly)$/, 'en', 0.75],
  [/ings?$/, 'en', 0.5],
  [
    /(?:ului|ilor|elor|ări|ării|ărilor|ție|ții|ției|ția|anț[ăe]|enț[ăe]|area|ările|ează|eaza|ii|ati|anta|enta)$/,
    'ro',
    0.75,
  ],
  [/[^wc]are$/, 'ro', 0.5],
];

const stripMarks = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

let dictionary: Map<string, TextLanguage[]> | undefined;
/** Built at first use: the page that imports this module may never need it. */
function lookup(word: string): TextLanguage[] | undefined {
  if (!dictionary) {
    dictionary = new Map();
    for (const language of TEXT_LANGUAGES)
      for (const entry of WORDS[language].split(' '))
        dictionary.set(entry, [...(dictionary.get(entry) ?? []), language]);
  }
  return dictionary.get(word);
}

export type LanguageScores = Record<TextLanguage, number>;

export interface LanguageGuess {
  /** The language the text is most probably in, or null when too short or too mixed to tell. */
  language: TextLanguage | null;
  /** The evidence found for each language (for tests and tuning). */
  scores: LanguageScores;
}

/** Below this much evidence, or less than twice the runner-up's, a text is not decided. */
const MIN_SCORE = 1.5;
const MIN_RATIO = 2;
/** A text of this many words or fewer is decided on one clear word, if nothing speaks against it. */
const SHORT_TEXT_WORDS = 3;

export function guessTextLanguage(text: string): LanguageGuess {
  const scores: LanguageScores = { fr: 0, en: 0, ro: 0 };
  // Romanian ș and ț are often typed with a cedilla (ş, ţ): the same letters.
  const tokens =
    text
      .normalize('NFC')
      .replace(/ş/g, 'ș')
      .replace(/ţ/g, 'ț')
      .match(/\p{L}+/gu) ?? [];
  // In a text typed in capitals, capitals do not mark acronyms.
  const allCapitals = text === text.toUpperCase();
  let words = 0;
  tokens.forEach((token, index) => {
    const lower = token.toLowerCase();
    const marked = /[^a-z]/.test(lower);
    if (lower.length < 2 && !marked) return;
    words += 1;
    // An acronym (IT, BTP, SRL) or a name inside a sentence (Bordeaux, Cluj) is no language's.
    if (!allCapitals && token.length > 1 && token === token.toUpperCase()) return;
    const romanian = /[ășț]/.test(lower);
    const french = /[éèêëçàùûôœæïÿ]/.test(lower);
    if (romanian) scores.ro += 1;
    if (french) scores.fr += 1;
    // â and î are both French and Romanian letters.
    if (!romanian && !french && /[âî]/.test(lower)) {
      scores.fr += 0.5;
      scores.ro += 0.5;
    }
    const plain = stripMarks(lower);
    const languages = lookup(plain);
    if (languages) {
      for (const language of languages) scores[language] += 1;
      return;
    }
    const properNoun = !allCapitals && index > 0 && token[0] !== lower[0];
    if (NEUTRAL.has(plain) || properNoun || lower.length < 5) return;
    for (const [ending, language, weight] of ENDINGS)
      if (ending.test(lower)) {
        scores[language] += weight;
        break;
      }
  });
  const [first, runnerUp] = [...TEXT_LANGUAGES].sort((a, b) => scores[b] - scores[a]) as [
    TextLanguage,
    TextLanguage,
    TextLanguage,
  ];
  const [best, second] = [scores[first], scores[runnerUp]];
  const decided =
    words >= 2 &&
    ((best >= MIN_SCORE && best >= MIN_RATIO * second) ||
      (words <= SHORT_TEXT_WORDS && best >= 1 && second === 0));
  return { language: decided ? first : null, scores };
}

export type FilingLanguageCheck =
  /** Probably in the filing language. */
  | { verdict: 'filing' }
  /** Probably in another of the three: say so. */
  | { verdict: 'other'; language: TextLanguage }
  /** Too short, too mixed, or not text: say nothing. */
  | { verdict: 'unknown' };

/** Whether a founder's text is probably in `filingLanguage` (fr, ro), in another language, or unknown. */
export function checkFilingLanguage(text: unknown, filingLanguage: string): FilingLanguageCheck {
  if (typeof text !== 'string' || !(TEXT_LANGUAGES as readonly string[]).includes(filingLanguage))
    return { verdict: 'unknown' };
  const { language } = guessTextLanguage(text);
  if (!language) return { verdict: 'unknown' };
  return language === filingLanguage ? { verdict: 'filing' } : { verdict: 'other', language };
}
