import type { StepDefinition } from '@/forms/form-definition';

/** What the assistant knows: the hint of a wizard field, or an entry of the FAQ, in one language. */
export type KnowledgeEntry =
  | { kind: 'field'; id: string; title: string; text: string; context: string }
  | { kind: 'faq'; id: string; title: string; text: string; context: string };

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

/**
 * The words of asking, in our three languages (without accents): every question has them, so they
 * say nothing of its subject, yet they are rare in our hints, where they would weigh the most.
 */
const QUESTION_WORDS = new Set(
  [
    'what which when where who whom whose why how does did can could should would will need must',
    'quoi quel quelle quels quelles quand comment combien pourquoi est dois doit faut peux puis',
    'care cum cat cate cand unde cine pentru trebuie pot poate este sunt',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Words reduced to a rough stem, so that a question matches a hint written with other endings
 * ("actions" and "action", "capitalul" and "capital"): lower case, no accents, no plural s, six letters.
 */
export function stems(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !QUESTION_WORDS.has(word))
    .map((word) => (word.length > 3 ? word.replace(/s$/, '') : word).slice(0, 6));
}

export interface KnowledgeMatch {
  entry: KnowledgeEntry;
  score: number;
}

/** A question must share at least one fairly rare word with an entry (a word of a few entries only). */
const MIN_SCORE = 1.5;
/** Answers close to the best one are offered with it; weaker ones would only add noise. */
const RELATIVE_CUT = 0.6;
const MAX_ANSWERS = 3;

/**
 * A small search index over the entries: a word weighs by how rare it is among them (inverse document
 * frequency), double in an entry's title. Words everyone uses ("the", "de", "și") weigh next to nothing,
 * so no list of stop words is needed in any language.
 */
export function createKnowledgeIndex(entries: readonly KnowledgeEntry[]) {
  const documents = entries.map((entry) => ({
    entry,
    title: new Set(stems(entry.title)),
    body: new Set(stems(`${entry.text} ${entry.context}`)),
  }));
  const frequency = new Map<string, number>();
  for (const document of documents) {
    for (const stem of new Set([...document.title, ...document.body]))
      frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  }
  const total = documents.length;
  const weight = (stem: string) => Math.log((total + 1) / ((frequency.get(stem) ?? 0) + 0.5));

  return {
    /** The entries answering `question`, best first; empty when nothing answers it well enough. */
    search(question: string): KnowledgeMatch[] {
      const asked = [...new Set(stems(question))].filter((stem) => frequency.has(stem));
      const scored = documents
        .map(({ entry, title, body }) => ({
          entry,
          score: asked.reduce(
            (sum, stem) => sum + (title.has(stem) ? 2 : body.has(stem) ? 1 : 0) * weight(stem),
            0,
          ),
        }))
        .filter((match) => match.score >= MIN_SCORE)
        .sort((a, b) => b.score - a.score);
      const best = scored[0]?.score ?? 0;
      return scored.filter((match) => match.score >= best * RELATIVE_CUT).slice(0, MAX_ANSWERS);
    },
  };
}

export type KnowledgeIndex = ReturnType<typeof createKnowledgeIndex>;
