/**
 * schemas/assistant-personal.json (the wizard assistant's answers about the founder's own company):
 * its shape, that every entry it names exists (locales/fr/faq.json or knowledge.json), and every field a
 * field of the wizard's steps (schemas/wizard/), that every legal
 * form of schemas/jurisdictions/ has its manager rules, and that the words they name exist in fr, en, ro.
 */
import type { ContentChecker } from './content-checker';

const FILE = 'schemas/assistant-personal.json';

interface PersonalFile {
  entries: Record<string, string>;
  fields?: Record<string, string>;
  managerRules: Record<string, { who: string; declaration: string }>;
}

export function checkAssistantPersonal(
  checker: ContentChecker,
  entryIds: readonly string[],
  legalFormIds: readonly string[],
  isWizardField: (path: string) => boolean,
): number {
  const file = checker.readJson(FILE) as unknown as PersonalFile;
  if (!checker.checkShape(FILE, file, 'schemas/assistant-personal.schema.json')) return 0;
  for (const [id, kind] of Object.entries(file.entries)) {
    if (!entryIds.includes(id)) checker.problems.push(`${FILE}: no FAQ or knowledge entry "${id}"`);
    checker.checkKey(FILE, `entries.${id}`, `assistant:personal.${kind}.title`);
  }
  for (const [path, kind] of Object.entries(file.fields ?? {})) {
    if (!isWizardField(path)) checker.problems.push(`${FILE}: no wizard field "${path}"`);
    checker.checkKey(FILE, `fields.${path}`, `assistant:personal.${kind}.title`);
  }
  for (const form of legalFormIds) {
    const rules = file.managerRules[form];
    if (!rules) {
      checker.problems.push(`${FILE}: managerRules has no rules for ${form}`);
      continue;
    }
    checker.checkKey(FILE, `managerRules.${form}.who`, `assistant:personal.managerRules.who.${rules.who}`);
    checker.checkKey(
      FILE,
      `managerRules.${form}.declaration`,
      `assistant:personal.managerRules.declaration.${rules.declaration}`,
    );
  }
  return Object.keys(file.entries).length + Object.keys(file.fields ?? {}).length;
}
