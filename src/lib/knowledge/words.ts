/** The words of questions and entries as the assistant compares them: stems, synonyms. */
import synonymsFile from '../../../schemas/knowledge-synonyms.json';

/**
 * The words of asking, in our three languages (without accents): every question has them, so they
 * say nothing of its subject, yet they are rare in our hints, where they would weigh the most.
 */
const QUESTION_WORDS = new Set(
  [
    'what which when where who whom whose why how does did can could should would will need must',
    'quoi quel quelle quels quelles quand comment combien pourquoi est dois doit faut peux puis',
    'care cum cat cate cand unde cine pentru trebuie pot poate este sunt',
    // Greetings and thanks, which say nothing of the subject either ("bună ziua" is no "best form").
    'hello thanks thank please bonjour salut merci buna ziua multumesc multumiri',
    // Chat fillers and possessives, which founders type and the entries never use (issue 36's dev set):
    // counted as words no entry knows, they would make an answerable question look off the subject.
    'pls plz lol actually really just our your svp stp lol vraiment notre votre trebe rog nostru vostru vreo',
    // SMS spellings of the words of asking ("c koi", "kel statut", "cmt faire").
    'koi kel kelle kels cmt cmb',
  ]
    .join(' ')
    .split(' '),
);

/**
 * A share ("80 %", "50%-50%", "40 la sută"): the founder's own split, which tells nothing of the
 * subject, while its number, found by chance in an answer, would weigh as a rare word.
 */
const SHARES = /\p{N}+(?:[.,]\p{N}+)?\s*(?:%|la sut[aă]|percent|pour ?cent)/giu;

/** A word of asking (see QUESTION_WORDS), in lower case without accents; "whats" is "what" too. */
export function isQuestionWord(word: string): boolean {
  return QUESTION_WORDS.has(word) || QUESTION_WORDS.has(word.replace(/s$/, ''));
}

/**
 * Words reduced to a rough stem, so that a question matches a hint written with other endings
 * ("actions" and "action", "capitalul" and "capital"): lower case, no accents, no plural s, six letters.
 */
export function stems(text: string, dropQuestionWords = true): string[] {
  return (dropQuestionWords ? text.replace(SHARES, ' ') : text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(
      (word) =>
        (word.length >= 3 || /^\p{N}+$/u.test(word) || SYNONYMS.has(word)) &&
        !(dropQuestionWords && isQuestionWord(word)),
    )
    .map(stemOf);
}

/** A word's stem, the word being in lower case without accents: no plural s, six letters at most. */
export function stemOf(word: string): string {
  return (word.length > 3 ? word.replace(/s$/, '') : word).slice(0, 6);
}

/**
 * Words founders use for the words of the entries, in the three languages (schemas/knowledge-synonyms.json,
 * which staff edit): each group holds words that stand for one another. A word of a question the entries
 * do not use is read as the words of its group they do use; one they use also brings its group's words,
 * at half weight. Written as words, made stems here as the questions' words are.
 */
const SYNONYM_GROUPS = synonymsFile.groups.map((group) =>
  group.map((word) => stemOf(word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())),
);

export const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS)
  for (const word of group)
    SYNONYMS.set(word, [...(SYNONYMS.get(word) ?? []), ...group.filter((other) => other !== word)]);

/** A text's words in lower case, without accents (Romanian commas and breves included). */
export function normalizedWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const GROUP_OF = new Map<string, number>();
SYNONYM_GROUPS.forEach((group, index) => {
  for (const word of group) if (!GROUP_OF.has(word)) GROUP_OF.set(word, index);
});

/** The number of the synonyms' group a stem belongs to (its first, when in several), if any. */
export function synonymGroupOf(stem: string): number | undefined {
  return GROUP_OF.get(stem);
}
