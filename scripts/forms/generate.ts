import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  GENERATED_DIR,
  compileFormModule,
  compileWizardIndex,
  readFormDefinitions,
  readWizardSteps,
} from './compile-form.ts';

/**
 * Brings src/forms/generated/ in line with schemas/forms/ and schemas/wizard/: writes what changed and
 * removes modules whose schema is gone. With `check`, writes nothing and returns what is missing, stale or left over.
 */
export function generateFormModules(
  root: string,
  { check = false } = {},
): { forms: number; problems: string[] } {
  const outputDir = join(root, GENERATED_DIR);
  const steps = readWizardSteps(root);
  const forms = [...readFormDefinitions(root), ...steps];
  const expected = new Map(
    forms.map((form) => [join(outputDir, `${form.name}.ts`), compileFormModule(form, outputDir)]),
  );
  expected.set(join(outputDir, 'wizard-steps.ts'), compileWizardIndex(steps, outputDir));
  const problems: string[] = [];

  const existing = existsSync(outputDir) ? readdirSync(outputDir).filter((file) => file.endsWith('.ts')) : [];
  for (const file of existing) {
    const path = join(outputDir, file);
    if (expected.has(path)) continue;
    if (check) problems.push(`${GENERATED_DIR}/${file} has no schema in schemas/ any more`);
    else rmSync(path);
  }
  if (!check) mkdirSync(outputDir, { recursive: true });
  for (const [path, source] of expected) {
    const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (current === source) continue;
    if (check)
      problems.push(`${path.slice(root.length + 1)} is ${current === undefined ? 'missing' : 'stale'}`);
    else writeFileSync(path, source);
  }
  return { forms: forms.length, problems };
}
