/**
 * A knowledge entry's answer that states figures of the jurisdiction files (schemas/knowledge.json,
 * `figures`: parameter names) says them as the files do, in every language: each number of each named
 * parameter (a fraction as a percentage) is a number of the answer. The figure lives once, in the
 * jurisdiction file with its source; this check catches an answer left behind when it changes.
 */
import type { LegalForm } from '../../src/shared/jurisdictions';
import type { ContentChecker } from './content-checker';

export interface KnowledgeEntry {
  jurisdiction?: string;
  legalForms?: string[];
  figures?: string[];
}

/** The numbers a parameter's value says: 0.3 → 30, { fraction: 0.3, withinMonths: 3 } → 30, 3. */
function numbersOf(name: string, value: unknown): number[] {
  if (typeof value === 'number') return [/fraction/i.test(name) ? Math.round(value * 100) : value];
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, inner]) => numbersOf(key, inner));
  return [];
}

export function checkKnowledgeFigures(
  checker: ContentChecker,
  entries: Record<string, KnowledgeEntry>,
  legalForms: readonly LegalForm[],
  languages: readonly string[],
): void {
  for (const [id, entry] of Object.entries(entries)) {
    if (!entry.figures) continue;
    const place = `schemas/knowledge.json entry "${id}"`;
    const forms = legalForms.filter(
      (form) =>
        form.jurisdiction === entry.jurisdiction &&
        (!entry.legalForms || entry.legalForms.includes(form.code)),
    );
    if (forms.length === 0) checker.problems.push(`${place}: figures need the entry's jurisdiction`);
    const expected = new Set<number>();
    for (const name of entry.figures)
      for (const form of forms) {
        const parameter = form.parameters[name as keyof LegalForm['parameters']];
        if (!parameter) checker.problems.push(`${place}: ${form.id} has no parameter ${name}`);
        else for (const number of numbersOf(name, parameter.value)) expected.add(number);
      }
    for (const language of languages) {
      const file = `locales/${language}/knowledge.json`;
      const items = (checker.readJson(file) as { items: Record<string, { answer?: string }> }).items;
      const answer = items[id]?.answer ?? '';
      const said = new Set((answer.match(/\d+(?:[.,]\d+)?/g) ?? []).map(Number));
      for (const number of expected)
        if (!said.has(number))
          checker.problems.push(
            `${file} entry "${id}": the answer does not say ${number} (schemas/jurisdictions/)`,
          );
    }
  }
}
