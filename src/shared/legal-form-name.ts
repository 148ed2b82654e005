/**
 * A company's name without its legal form. The documents print the form after the name ("Cafeaua
 * Bună SRL", "Statuts de Dupont", "société par actions simplifiée au capital de…"), as the law has it
 * follow or precede the name (C. com. art. L. 224-1 and R. 123-238; Legea nr. 26/1990, art. 36): a
 * name typed with its form would print it twice. The form validator refuses such a name (the keyword
 * of src/forms/keyword-legal-form-suffix.ts, with these patterns) and the documents print a name saved
 * before that rule once (server/services/documents/document-context.ts). Run by both sides.
 *
 * What counts as the form, for the file's form and its one-associate (or several-associate) variant:
 * - its initials, with or without dots or spaces (SRL, S.R.L., S. R. L.); at the end of the name in
 *   any case ("Brutăria Srl"), at its start only in capitals or with dots ("SRL Brutăria"), so that a
 *   name starting with a word of the same letters stays ("Sasu Design", "Sas Immobilier");
 * - its name in words, in any case, with or without accents ("societate cu raspundere limitata").
 * Only a whole word counts ("Brasserie Sasu" ends with a surname, refused for an SAS; "Classe",
 * "Sarlat" or "Srlx" never match). Another form's initials ("Dupont SARL" for an SAS) are left alone:
 * they are a contradiction for a lawyer to judge, not a repetition.
 */

/** The legal forms (`FR-SAS`) that share the same words, with their initials and names in words. */
interface FormFamily {
  forms: readonly string[];
  initials: readonly string[];
  words: readonly string[];
}

const FAMILIES: readonly FormFamily[] = [
  {
    forms: ['FR-SAS', 'FR-SASU'],
    initials: ['SASU', 'SAS'],
    words: [
      'société par actions simplifiée unipersonnelle',
      'société par actions simplifiée à associé unique',
      'société par actions simplifiée',
    ],
  },
  {
    forms: ['FR-SARL', 'FR-EURL'],
    initials: ['SARLU', 'SARL', 'EURL'],
    words: [
      'entreprise unipersonnelle à responsabilité limitée',
      'société à responsabilité limitée unipersonnelle',
      'société à responsabilité limitée à associé unique',
      'société à responsabilité limitée',
    ],
  },
  {
    forms: ['RO-SRL', 'RO-SRL_SOLE'],
    initials: ['SRL'],
    words: [
      'societate cu răspundere limitată cu asociat unic',
      'societatea cu răspundere limitată',
      'societate cu răspundere limitată',
    ],
  },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Initials as a pattern: each letter may be followed by a dot and spaces (S.R.L., S. R. L.). */
const initialsPattern = (initials: string) => [...initials].map(escape).join('\\.?\\s*') + '\\.?';

/**
 * Words as a pattern over decomposed (NFD) text: a letter accented in the spelling matches with or
 * without its accent ("raspundere"), and words are separated by spaces or hyphens.
 */
const wordsPattern = (words: string) =>
  [...words.normalize('NFD')]
    .map((character) =>
      /\p{M}/u.test(character) ? '\\p{M}*' : /\s/.test(character) ? '[\\s\\-]+' : escape(character),
    )
    .join('');

/** What may separate the form from the rest of the name ("Dupont, SAS", "Dupont - SAS", "Dupont (SAS)"). */
const BEFORE = '\\s,;:\\-\u2013\u2014(/';
const AFTER = '\\s,;:\\-\u2013\u2014)/.';

/** The patterns of one family: regular expression sources for the flags `iu`, over NFD text. */
export interface LegalFormPatterns {
  /** The forms (`FR-SAS`, `RO-SRL_SOLE`) the patterns apply to. */
  forms: readonly string[];
  /** The form at the end: group 1 is the form as typed; the name is what comes before the match. */
  end: string;
  /**
   * The form at the start: group 1 is initials, group 2 words; the name is what follows the match.
   * Initials count only when written in capitals (checked by whoever runs the pattern).
   */
  start: string;
}

function patternsOf(family: FormFamily): LegalFormPatterns {
  const forms = [...family.initials.map(initialsPattern), ...family.words.map(wordsPattern)];
  const initials = family.initials.map(initialsPattern).join('|');
  const words = family.words.map(wordsPattern).join('|');
  return {
    forms: family.forms,
    end: `(?:^|[^\\p{L}\\p{N}\\p{M}])[${BEFORE}]*(${forms.join('|')})[\\s.)]*$`,
    start: `^[\\s(]*(?:(${initials})|(${words}))(?![\\p{L}\\p{N}\\p{M}])[${AFTER}]*`,
  };
}

/** The patterns of every family of forms, for the validator's generated code and for the documents. */
export const LEGAL_FORM_PATTERNS: readonly LegalFormPatterns[] = FAMILIES.map(patternsOf);

/** Trailing separators left once the form is cut off ("Dupont," of "Dupont, SAS"). */
export const TRAILING_SEPARATORS = `[${BEFORE}]+$`;

export interface LegalFormInName {
  /** The form as the name has it ("S.R.L.", "srl"). */
  found: string;
  /** The name without it. */
  name: string;
}

const compiled = new Map<string, { end: RegExp; start: RegExp }>(
  LEGAL_FORM_PATTERNS.flatMap((patterns) =>
    patterns.forms.map((form) => [
      form,
      { end: new RegExp(patterns.end, 'iu'), start: new RegExp(patterns.start, 'iu') },
    ]),
  ),
);
const trailing = new RegExp(TRAILING_SEPARATORS, 'u');

/**
 * The longest name checked: a name is at most 200 characters (schemas/wizard/company-details.json);
 * a longer text (a draft is stored as sent) is left as it is rather than scanned at length.
 */
export const MAX_CHECKED_LENGTH = 1000;

/**
 * The legal form `name` ends (or starts) with, for a company of `form` (`RO-SRL`), and the name
 * without it (without both, when it has one at each end); null when it has none, or when nothing
 * would remain without it. The keyword of src/forms/keyword-legal-form-suffix.ts does the same steps.
 */
export function legalFormInName(name: string, form: string): LegalFormInName | null {
  const patterns = compiled.get(form);
  if (!patterns || name.length > MAX_CHECKED_LENGTH) return null;
  let text = name.normalize('NFD');
  let found: string | undefined;
  const end = patterns.end.exec(text);
  if (end?.[1] !== undefined) {
    found = end[1];
    text = text.slice(0, end.index);
  }
  const start = patterns.start.exec(text);
  const initials = start?.[1];
  if (start && (start[2] !== undefined || (initials !== undefined && initials === initials.toUpperCase()))) {
    found ??= initials ?? start[2];
    text = text.slice(start[0].length);
  }
  if (found === undefined) return null;
  const without = text.replace(trailing, '').trim().normalize('NFC');
  return without === '' ? null : { found: found.trim().normalize('NFC'), name: without };
}

/** `name` without the legal form it ends or starts with (as the documents print it), else as it is. */
export function withoutLegalForm(name: string, form: string): string {
  return legalFormInName(name, form)?.name ?? name;
}
