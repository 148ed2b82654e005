/** Up to this length, an answer shows whole: folding a line or two would only hide it. */
const SHORT_ENOUGH = 180;
/** A first sentence shorter than this ("Non.", "Oui.") shows with the next one: alone it says too little. */
const TOO_SHORT = 40;

/**
 * Abbreviations our answers cite laws with ("C. com., art. L. 227-1", "alin. (2)", "Law no. 265/2022"): a
 * full stop after them ends no sentence.
 */
const ABBREVIATIONS = new Set([
  'art',
  'al',
  'alin',
  'lit',
  'pct',
  'nr',
  'com',
  'civ',
  'fin',
  'mon',
  'cf',
  'ex',
  'etc',
  // "Law no. 223/2020", "p. 4", "cca. 30 de zile", "str. Lipscani", "jud. Cluj".
  'no',
  'nos',
  'p',
  'pp',
  'cca',
  'str',
  'jud',
]);

/**
 * An answer cut after its first sentence, for "short first, detail folded": `first` is that sentence
 * (with the next one when it is a mere "No."; the whole text when it is short, or one sentence long),
 * `rest` the others ('' when nothing is left).
 * A sentence ends with . ! or ? outside brackets, before a space and a capital letter or a digit, and
 * not after an abbreviation or a single letter ("L.", "C.").
 */
export function splitFirstSentence(text: string): { first: string; rest: string } {
  const whole = { first: text.trim(), rest: '' };
  if (whole.first.length <= SHORT_ENOUGH) return whole;
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(' || char === '[') depth += 1;
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    else if (depth === 0 && (char === '.' || char === '!' || char === '?')) {
      const after = text.slice(index + 1);
      if (!/^\s+[\p{Lu}\d«„"“]/u.test(after)) continue;
      const word = /([\p{L}]+)$/u.exec(text.slice(0, index))?.[1] ?? '';
      if (char === '.' && (word.length === 1 || ABBREVIATIONS.has(word.toLowerCase()))) continue;
      const first = text.slice(0, index + 1).trim();
      if (first.length < TOO_SHORT) continue;
      const rest = after.trim();
      return rest ? { first, rest } : whole;
    }
  }
  return whole;
}
