import countries from 'virtual:knowledge-countries';
import legalForms from 'virtual:knowledge-legal-forms';
import type { StepDefinition } from '@/forms/form-definition';
import { asksAboutAnotherCountry } from './other-countries';
import { stems, SYNONYMS } from './words';

export { stems } from './words';

/**
 * The longest question read, by the assistant and by /help's search alike: a pasted page would only make
 * the search slower (every word against every entry), never better. Their boxes stop there too.
 */
export const MAX_QUESTION_LENGTH = 500;

/** The countries an entry or a question can be about. */
export type Jurisdiction = 'FR' | 'RO';

/**
 * What the assistant knows: the hint of a wizard field, or an entry of the FAQ or the knowledge base,
 * in one language. `phrasings`: other ways founders ask it; `jurisdiction`: the country it is about.
 */
export type KnowledgeEntry =
  | { kind: 'field'; id: string; title: string; text: string; context: string; phrasings?: string }
  | {
      kind: 'faq';
      id: string;
      title: string;
      text: string;
      context: string;
      phrasings?: string;
      jurisdiction?: Jurisdiction;
      /** The legal forms it is about (`SAS`, `SRL_SOLE`…), when only some. */
      legalForms?: readonly string[];
    };

/** A wizard field with a hint: its hint path (`shareCapital`, `subscribers.name`) and its words' keys. */
export interface FieldHintKeys {
  field: string;
  titleKey: string;
  tooltipKey: string;
  stepTitleKey: string;
}

type UiNode = Record<string, unknown>;
const isRecord = (value: unknown): value is UiNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function collectHints(ui: UiNode, prefix: string, stepTitleKey: string, into: FieldHintKeys[]): void {
  for (const [name, child] of Object.entries(ui)) {
    if (name.startsWith('ui:') || !isRecord(child)) continue;
    // A list's elements are described under `items`: their hint paths skip the position.
    const path = name === 'items' ? prefix : prefix ? `${prefix}.${name}` : name;
    const titleKey = child['ui:title'];
    const tooltipKey = child['ui:tooltip'];
    if (name !== 'items' && typeof titleKey === 'string' && typeof tooltipKey === 'string')
      into.push({ field: path, titleKey, tooltipKey, stepTitleKey });
    collectHints(child, path, stepTitleKey, into);
  }
}

/** Every field of the wizard that has a title and a tooltip, in the order of the steps' files. */
export function wizardFieldHints(steps: readonly StepDefinition[]): FieldHintKeys[] {
  const hints: FieldHintKeys[] = [];
  for (const step of steps) collectHints(step.form.uiSchema as UiNode, '', step.title, hints);
  return hints;
}

/** An entry of the FAQ or the knowledge base, in one language (locales/<lang>/faq.json, knowledge.json). */
export interface FaqItem {
  question: string;
  answer: string;
  phrasings?: string;
}

/**
 * The assistant's entries: the fields' hints (words through `translate`) and the FAQ and knowledge
 * base's entries, with their other phrasings (`faqPhrasings` holds those of the landing page's FAQ,
 * kept out of its file), their country and their legal forms (schemas/knowledge.json, through
 * vite.config.ts's virtual modules).
 */
export function knowledgeEntries(
  hints: readonly FieldHintKeys[],
  translate: (key: string) => string,
  items: Record<string, FaqItem>,
  faqPhrasings: Record<string, string>,
): KnowledgeEntry[] {
  const fields: KnowledgeEntry[] = hints.map((hint) => ({
    kind: 'field',
    id: hint.field,
    title: translate(hint.titleKey),
    text: translate(hint.tooltipKey),
    context: translate(hint.stepTitleKey),
  }));
  const faq: KnowledgeEntry[] = Object.entries(items).map(([id, item]) => {
    const jurisdiction = countries[id];
    const forms = legalForms[id];
    return {
      kind: 'faq',
      id,
      title: item.question,
      text: item.answer,
      context: '',
      phrasings: item.phrasings ?? faqPhrasings[id] ?? '',
      ...(jurisdiction ? { jurisdiction } : {}),
      ...(forms ? { legalForms: forms } : {}),
    };
  });
  return [...fields, ...faq];
}

export interface KnowledgeMatch {
  entry: KnowledgeEntry;
  score: number;
}

/** The words that name a country, or one of its legal forms or bodies (made stems when first used). */
const COUNTRY_WORDS: Record<Jurisdiction, { names: string; hints: string }> = {
  FR: {
    names: 'France français française French Franța Paris Lyon Marseille',
    hints: 'SAS SASU SARL EURL Kbis RCS greffe URSSAF INPI guichet gérant président',
  },
  RO: {
    names: 'Romania România Roumanie roumain roumaine Romanian român română București Bucharest Cluj',
    // Not "administrator" (the French "administrateur" has the same stem) nor "Monitorul" ("monitor").
    hints: 'SRL ONRC CUI lei RON ANAF asociat înființare',
  },
};
let countryStems: Record<Jurisdiction, { names: string[]; hints: string[] }> | null = null;
const stemsOf = (words: string) => words.split(' ').flatMap((word) => stems(word, false));

/** The country a question is about, from its words: a country's name first, then its forms and bodies. */
export function questionJurisdiction(question: string): Jurisdiction | null {
  const words = new Set(stems(question, false));
  countryStems ??= {
    FR: { names: stemsOf(COUNTRY_WORDS.FR.names), hints: stemsOf(COUNTRY_WORDS.FR.hints) },
    RO: { names: stemsOf(COUNTRY_WORDS.RO.names), hints: stemsOf(COUNTRY_WORDS.RO.hints) },
  };
  for (const kind of ['names', 'hints'] as const) {
    const fr = countryStems.FR[kind].some((word) => words.has(word));
    const ro = countryStems.RO[kind].some((word) => words.has(word));
    if (fr !== ro) return fr ? 'FR' : 'RO';
    if (fr && ro) return null;
  }
  return null;
}

/** Levenshtein distance, up to `limit` (above it: limit + 1). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * A question must share about two fairly rare words with an entry's ways of asking, or one rare word
 * with a short one: a score is a sum of rarities, counted twice in the closest way of asking and up
 * to twice again for covering it. The floor is in rarest words (a word of a single entry), so that it
 * holds for any number of entries; below it, "bonjour" or "the and for with" would get an answer.
 */
const MIN_SCORE_IN_RAREST_WORDS = 1.85;
/** Answers close to the best one are offered with it; weaker ones would only add noise. */
const RELATIVE_CUT = 0.6;
const MAX_ANSWERS = 3;
/**
 * How much a word counts where it is found: in the way of asking closest to the question (the entry's
 * question or one of its other phrasings), in its other ways of asking, in its answer.
 */
const FIELD_WEIGHTS = { asking: 2, otherAskings: 1, body: 1 };
/**
 * BM25's length normalisation of the answers: a long answer holds more words by chance, so each of
 * its words counts a little less than one in a short answer.
 */
const BM25 = { k1: 1.2, b: 0.5 };
/** How much a synonym of a word of the question counts, when the entries use that word as well. */
const SYNONYM_OF_KNOWN = 0.5;
/** An entry whose every title word the question holds counts this much more. */
const WHOLE_TITLE = 1.5;
/**
 * That is, when the title is at least this share of the question's known words: "forme juridique" asks for the field, "je veux ouvrir
 * un resto, quelle forme juridique et faut-il une licence ?" asks about more.
 */
const WHOLE_TITLE_SHARE = 0.5;
/** An entry about the founder's country counts more; one about the other country, less. */
const OWN_COUNTRY = 1.25;
const OTHER_COUNTRY = 0.5;
/** An entry about the founder's legal form counts more; one about other forms only, less. */
const OWN_FORM = 1.2;
const OTHER_FORM = 0.7;

/**
 * A question most of whose words its best entry does not use (each word weighing by its rarity among
 * the entries, a word no entry uses as the rarest) is about something else: "météo Paris demain"
 * shares "Paris" with an entry on the registered office. Below MIN_EXPLAINED of its words explained,
 * it is answered only when the best entry's score (in times the least score of an answer) times the
 * square root of that share reaches MIN_SUPPORT. Tuned on the tuning, holdout-1 and dev question sets
 * (issue 36): at 1.5, about 25 more of their 62 unanswerable questions refused, 4 of 373 answers lost,
 * with the guide's first outside-the-guide list. With its longer list, the same questions are refused at
 * 0.8 as at 1.5, and 3 of the 466 answers lost at 1.5 are kept (tuning ro, dev fr, dev en).
 */
const MIN_EXPLAINED = 0.6;
const MIN_SUPPORT = 0.8;
/**
 * Two more signs that a question is about something else (second round of issue 36, tuned on the
 * tuning, holdout-1, dev, holdout-2 and holdout-3 sets, 910 questions): less than FEW_EXPLAINED of its
 * words explained by its best entry, whose strength times that share stays under WEAK_SUPPORT ("ANAF
 * did not refund my old PFA": one word shared); or the outside-the-guide list nearly as close as the
 * best entry (OUTSIDE_NEAR of its score) with less than half of the words explained ("how do we close
 * my father's old SARL"). Together: 14 more of the 114 unanswerable questions refused, 3 of 796 right
 * answers lost.
 */
const FEW_EXPLAINED = 0.4;
const WEAK_SUPPORT = 0.9;
const OUTSIDE_NEAR = 0.8;
const HALF_EXPLAINED = 0.5;
/** How much more an entry about the founder's (or the question's) country and legal form counts. */
function contextFactor(entry: KnowledgeEntry, country: Jurisdiction | null, context: SearchContext): number {
  if (entry.kind !== 'faq') return 1;
  const about = entry.jurisdiction;
  const countryFactor = !country || !about ? 1 : about === country ? OWN_COUNTRY : OTHER_COUNTRY;
  const forms = entry.legalForms;
  const form = context.legalForm;
  const formFactor = !form || !forms ? 1 : forms.includes(form) ? OWN_FORM : OTHER_FORM;
  return countryFactor * formFactor;
}

/**
 * Words by which a founder says the question is about the wizard's form itself ("je mets quoi dans le
 * formulaire", "which box do I tick"): the fields' hints count FORM_FIELD more.
 */
const FORM_WORDS = 'formulaire champ cocher remplir field box tick fill formular câmp completez bifez';
const FORM_FIELD = 1.4;
let formStems: Set<string> | null = null;

/** The id of the pseudo-entry listing what the guide does not cover (see IndexOptions). */
const OUTSIDE_GUIDE = '#outsideGuide';

export interface IndexOptions {
  /**
   * Ways of asking about subjects the guide does not cover (taxes, hiring, trademarks…), separated by
   * "|" (locales/<lang>/knowledge.json `outsideGuide`): a question closest to them gets no answer
   * rather than a wrong one.
   */
  outsideGuide?: string | undefined;
  /** How sure of its best entry the index must be to answer (see MIN_SUPPORT); 0: as before issue 36. */
  minSupport?: number | undefined;
}

export interface SearchContext {
  /** The country the founder chose in the wizard, when there is one. */
  jurisdiction?: Jurisdiction | null | undefined;
  /** The legal form the founder chose, as the knowledge base names them (`SAS`, `SRL_SOLE`). */
  legalForm?: string | null | undefined;
}

/**
 * A small search index over the entries: a word weighs by how rare it is among them (inverse document
 * frequency), more in an entry's question and its other phrasings than in its answer. Words everyone
 * uses ("the", "de", "și") weigh next to nothing, so no list of stop words is needed in any language.
 * Founders' own words are read through a list of synonyms, and a mistyped word (one letter off, in
 * a word of five letters or more) is read as the entries' word it is closest to. A question that names a country is answered
 * with that country's entries (or general ones) only; the founder's chosen country ranks first.
 */
export function createKnowledgeIndex(entries: readonly KnowledgeEntry[], options: IndexOptions = {}) {
  // What the guide does not cover is searched as one more entry: a question closest to it is refused.
  const outside: KnowledgeEntry = {
    kind: 'faq',
    id: OUTSIDE_GUIDE,
    title: '',
    text: '',
    context: '',
    phrasings: options.outsideGuide ?? '',
  };
  const documents = [...entries, outside].map((entry) => ({
    entry,
    title: new Set(stems(entry.title)),
    phrasings: new Set(stems(entry.phrasings ?? '')),
    // Each way of asking on its own: a question is compared with the closest one, not with all at once.
    askings: [entry.title, ...(entry.phrasings ?? '').split('|')]
      .map((text) => new Set(stems(text)))
      .filter((asking) => asking.size > 0),
    body: new Set(stems(`${entry.text} ${entry.context}`)),
  }));
  const frequency = new Map<string, number>();
  for (const document of documents) {
    for (const stem of new Set([...document.title, ...document.phrasings, ...document.body]))
      frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  }
  const vocabulary = [...frequency.keys()];
  const averageBody =
    documents.reduce((sum, document) => sum + document.body.size, 0) / Math.max(1, documents.length);
  const bodyWeight = (size: number) =>
    (FIELD_WEIGHTS.body * (BM25.k1 + 1)) / (1 + BM25.k1 * (1 - BM25.b + (BM25.b * size) / averageBody));
  const total = documents.length;
  const weight = (stem: string) => Math.log((total + 1) / ((frequency.get(stem) ?? 0) + 0.5));
  const minScore = MIN_SCORE_IN_RAREST_WORDS * Math.log((total + 1) / 1.5);

  /** A stem of the question as the entries write it: itself, its synonyms, or the word it mistypes. */
  function known(stem: string): string[] {
    if (frequency.has(stem)) return [stem];
    const synonyms = (SYNONYMS.get(stem) ?? []).filter((word) => frequency.has(word));
    return synonyms;
  }

  /** The entries' word a question's word mistypes, if any. */
  function mistyped(stem: string): string[] {
    if (frequency.has(stem) || SYNONYMS.has(stem)) return [];
    // One letter off, in a word of five letters or more: "gerrant", "capitl"; not "meteo" for "metode".
    if (stem.length < 5) return [];
    const limit = 1;
    let best: string | null = null;
    let bestDistance = limit + 1;
    for (const word of vocabulary) {
      // Typos rarely touch the first letter ("demain" is not a mistyped "semaine").
      if (word[0] !== stem[0]) continue;
      // Stems stop at six letters: a letter typed twice or left out shifts the sixth one ("gerrant",
      // "gerran", is "gérant" with one more letter; "comissaire", "comiss", is "commis…" with one less),
      // so a six-letter word is also read without its last letter.
      const away = Math.min(
        distance(stem, word, limit),
        word.length === 6 ? distance(stem, word.slice(0, 5), limit) : limit + 1,
        stem.length === 6 ? distance(stem.slice(0, 5), word, limit) : limit + 1,
      );
      if (
        away < bestDistance ||
        (away === bestDistance && best && (frequency.get(word) ?? 0) > (frequency.get(best) ?? 0))
      ) {
        best = word;
        bestDistance = away;
      }
    }
    return best && bestDistance <= limit ? [best] : [];
  }

  const rarest = Math.log((total + 1) / 0.5);
  const byEntry = new Map(documents.map((document) => [document.entry, document]));

  /**
   * The share of the question's words (each by its rarity) that `entry` uses, as they are, through a
   * synonym or mistyped.
   */
  function explained(question: string, entry: KnowledgeEntry): number {
    const document = byEntry.get(entry);
    if (!document) return 0;
    const has = (stem: string) =>
      document.title.has(stem) || document.phrasings.has(stem) || document.body.has(stem);
    let all = 0;
    let found = 0;
    for (const stem of new Set(stems(question))) {
      const readings = [...known(stem), ...mistyped(stem), ...(SYNONYMS.get(stem) ?? [])].filter((word) =>
        frequency.has(word),
      );
      const rarity = readings.length === 0 ? rarest : Math.max(...readings.map(weight));
      all += rarity;
      if (readings.some(has)) found += rarity;
    }
    return all === 0 ? 0 : found / all;
  }
  const minSupport = options.minSupport ?? MIN_SUPPORT;

  /** The entries sharing a known word with `question`, scored, best first. */
  function score(question: string, context: SearchContext): KnowledgeMatch[] {
    const questionStems = stems(question);
    const exact = new Set(questionStems.flatMap(known));
    // The synonyms of a word the entries use count too, at SYNONYM_OF_KNOWN: "vs" finds "difference"
    // entries, and "exist" the entries on the company's duration as well as those on its birth.
    const synonymWeights = new Map<string, number>();
    for (const stem of questionStems)
      if (frequency.has(stem))
        for (const other of SYNONYMS.get(stem) ?? [])
          if (frequency.has(other) && !exact.has(other)) synonymWeights.set(other, SYNONYM_OF_KNOWN);
    // A mistyped word helps an answer that another word of the question found, never alone:
    // "gerrant sarl" finds the SARL's manager, "météo demain" is no "nom de domaine".
    const asked = [...new Set([...exact, ...questionStems.flatMap(mistyped), ...synonymWeights.keys()])];
    const factor = (stem: string) => (exact.has(stem) ? 1 : (synonymWeights.get(stem) ?? 1));
    formStems ??= new Set(stemsOf(FORM_WORDS));
    const aboutTheForm = questionStems.some((stem) => formStems?.has(stem));
    const named = questionJurisdiction(question);
    const country = named ?? context.jurisdiction ?? null;
    return documents
      .filter(
        ({ entry }) => !(named && entry.kind === 'faq' && entry.jurisdiction && entry.jurisdiction !== named),
      )
      .filter(({ title, phrasings, body }) =>
        [...exact].some((stem) => title.has(stem) || phrasings.has(stem) || body.has(stem)),
      )
      .map(({ entry, title, phrasings, body, askings }) => {
        // The closest way of asking: the one sharing the most weight with the question, for the share
        // of its own weight that is shared ("how long to get a kbis" is closer to "how long until
        // the kbis" than a long phrasing that mentions the Kbis in passing).
        let closestAsking = askings[0];
        let closestRank = -1;
        let closestCoverage = 0;
        for (const asking of askings) {
          const shared = asked.reduce(
            (sum, stem) => sum + (asking.has(stem) ? weight(stem) * factor(stem) : 0),
            0,
          );
          let own = 0;
          for (const stem of asking) own += weight(stem);
          const coverage = own > 0 ? Math.min(1, shared / own) : 0;
          if (shared * coverage > closestRank)
            [closestAsking, closestRank, closestCoverage] = [asking, shared * coverage, coverage];
        }
        const words = asked.reduce((sum, stem) => {
          const where = closestAsking?.has(stem)
            ? FIELD_WEIGHTS.asking
            : title.has(stem) || phrasings.has(stem)
              ? FIELD_WEIGHTS.otherAskings
              : body.has(stem)
                ? bodyWeight(body.size)
                : 0;
          return sum + where * weight(stem) * factor(stem);
        }, 0);
        // The more of its closest way of asking the question holds, the better (up to twice).
        // A question that is an entry's whole title (a field's name, typed as is) asks for that entry.
        const whole =
          title.size > 0 &&
          title.size >= WHOLE_TITLE_SHARE * exact.size &&
          [...title].every((stem) => exact.has(stem))
            ? WHOLE_TITLE
            : 1;
        return {
          entry,
          score:
            words *
            (1 + closestCoverage) *
            contextFactor(entry, country, context) *
            whole *
            (aboutTheForm && entry.kind === 'field' ? FORM_FIELD : 1),
        };
      })
      .filter((match) => match.score > 0)
      .sort((a, b) => b.score - a.score);
  }

  /** What the index makes of `question`, scored once (see KnowledgeAnswer). */
  function ask(asked: string, context: SearchContext = {}): KnowledgeAnswer {
    const question = asked.slice(0, MAX_QUESTION_LENGTH);
    const scored = score(question, context);
    const best = scored[0];
    // Another country's company is outside the guide, however many words it shares with its entries.
    const outsideGuide =
      (best !== undefined && best.entry.id === OUTSIDE_GUIDE && best.score >= minScore) ||
      (minSupport > 0 && asksAboutAnotherCountry(question));
    const closest = scored.filter((match) => match.entry.id !== OUTSIDE_GUIDE);
    const first = closest[0];
    const outsideScore = scored.find((match) => match.entry.id === OUTSIDE_GUIDE)?.score ?? 0;
    const strength = (first?.score ?? 0) / minScore;
    const explainedShare = first === undefined ? 0 : explained(question, first.entry);
    const outsideShare = outsideScore / Math.max(outsideScore, first?.score ?? 0, 1e-9);
    // minSupport 0: the index as it was before issue 36 (the bench's comparison), without these rules.
    const unsure =
      (explainedShare < MIN_EXPLAINED && strength * Math.sqrt(explainedShare) < minSupport) ||
      (minSupport > 0 &&
        ((explainedShare < FEW_EXPLAINED && strength * explainedShare < WEAK_SUPPORT) ||
          (outsideShare >= OUTSIDE_NEAR && explainedShare < HALF_EXPLAINED)));
    const answers =
      outsideGuide || best === undefined || unsure
        ? []
        : closest
            .filter((match) => match.score >= minScore && match.score >= best.score * RELATIVE_CUT)
            .slice(0, MAX_ANSWERS);
    const words = stems(question);
    const knownShare =
      words.length === 0 ? 1 : words.filter((stem) => frequency.has(stem)).length / words.length;
    return {
      answers,
      closest,
      outsideGuide,
      knownShare,
      explainedShare,
      strength,
      outsideShare,
    };
  }

  return {
    ask,
    /** The entries answering `question`, best first; empty when nothing answers it well enough. */
    search: (question: string, context: SearchContext = {}) => ask(question, context).answers,
  };
}

/** What an index makes of a question. */
export interface KnowledgeAnswer {
  /** The entries answering it, best first (three at most); empty when nothing answers it well enough. */
  answers: KnowledgeMatch[];
  /**
   * Every entry sharing a word with it, however weakly, best first: what comes closest when nothing
   * answers it (the panel offers their topics, /help lists them).
   */
  closest: KnowledgeMatch[];
  /** It is about what the guide does not cover (taxes, hiring…): no answer, on purpose. */
  outsideGuide: boolean;
  /**
   * The share of its words the entries use as they are (not through a synonym or a typo): low, it is
   * likely written in another language than the entries.
   */
  knownShare: number;
  /** The share of its words (by rarity) that its closest entry uses (see MIN_EXPLAINED). */
  explainedShare: number;
  /** Its closest entry's score, in times the least score of an answer. */
  strength: number;
  /** The outside-the-guide list's score, in times the closest entry's (1 when the list is closer). */
  outsideShare: number;
}

export type KnowledgeIndex = ReturnType<typeof createKnowledgeIndex>;
