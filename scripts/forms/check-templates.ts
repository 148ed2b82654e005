/**
 * schemas/documents/templates.json and its Liquid templates: the manifest is valid, every document the
 * server sells has a template for every legal form of the countries it is written for, in their filing
 * language, and a template names only fields the company file has. Each template is read statically (every path it prints, in every branch)
 * and rendered, with strict variables, from sample files with one associate or several, one manager
 * or several, paid up or not, and from an almost empty draft (what a preview may be built from).
 * A courtesy translation has the structure of its filing copy (template-structure.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentBuilder } from '../../server/services/documents/build-document';
import { buildDocumentContext } from '../../server/services/documents/document-context';
import {
  createTemplateEngine,
  TEMPLATES_DIR,
  type TemplateEntry,
} from '../../server/services/documents/templates';
import { readCaenClasses, readWizardSource } from '../../src/shared/wizard-source.node.ts';
import { resolveWizard } from '../../src/shared/wizard-definition.ts';
import { completeCompanyFile, type LegalFormId } from '../../tests/fixtures/company-file';
import type { ContentChecker } from './content-checker';
import { checkTranslationStructure } from './template-structure';

const MANIFEST = 'schemas/documents/templates.json';

/** Does `path` (e.g. company.caenMain.code, associates.size) name something in `value`? */
function resolves(value: unknown, path: string[]): boolean {
  if (path.length === 0) return true;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    if (head === 'size') return rest.length === 0;
    if (head === 'first' || head === 'last' || /^\d+$/.test(head ?? ''))
      return resolves(value[0] ?? {}, rest);
    return false;
  }
  if (value && typeof value === 'object' && head !== undefined && head in value)
    return resolves((value as Record<string, unknown>)[head], rest);
  // A nullable value (caenMain, durationYears) is present but empty in the sample: its keys are checked by rendering.
  return value === null;
}

export function checkTemplates(checker: ContentChecker, root: string, skus: readonly string[]): number {
  const { problems, readJson } = checker;
  const manifest = readJson(MANIFEST);
  if (!checker.checkShape(MANIFEST, manifest, 'schemas/documents/templates.schema.json')) return 0;
  const entries = manifest.templates as TemplateEntry[];
  const wizard = resolveWizard(readWizardSource(root));
  const formIds = new Map(wizard.legalForms.map((form) => [`${form.jurisdiction}-${form.code}`, form]));
  const seen = new Set<string>();
  for (const entry of entries) {
    const where = `${MANIFEST} (${entry.file})`;
    if (!existsSync(join(root, TEMPLATES_DIR, entry.file)))
      problems.push(`${where}: the file does not exist`);
    for (const form of entry.forms) {
      if (!formIds.has(form))
        problems.push(`${where}: ${form} is not a legal form of schemas/jurisdictions/`);
      const key = `${entry.sku} ${form} ${entry.language}`;
      if (seen.has(key)) problems.push(`${where}: a second template for ${key}`);
      seen.add(key);
    }
  }
  // A document written for one form of a country is written for all its forms, in the filing language;
  // a country none of whose forms has it does not sell it (a Romanian file lists no legal notice).
  const jurisdictionsOf = (sku: string) =>
    new Set(
      entries
        .filter((entry) => entry.sku === sku)
        .flatMap((entry) => entry.forms.map((form) => form.split('-')[0])),
    );
  for (const sku of skus)
    if (jurisdictionsOf(sku).size === 0) problems.push(`${MANIFEST}: no template writes ${sku}`);
  for (const [id, form] of formIds)
    for (const sku of skus)
      if (jurisdictionsOf(sku).has(form.jurisdiction) && !seen.has(`${sku} ${id} ${form.filingLanguage}`))
        problems.push(`${MANIFEST}: no template writes ${sku} for ${id} in ${form.filingLanguage}`);
  // A courtesy translation prints the same data under the same conditions as its filing copy.
  problems.push(...checkTranslationStructure(join(root, TEMPLATES_DIR), TEMPLATES_DIR));
  if (problems.length > 0) return entries.length;

  const builder = createDocumentBuilder({
    legalForms: wizard.legalForms,
    caenClasses: readCaenClasses(root),
    root,
  });
  for (const entry of entries) {
    const where = `${TEMPLATES_DIR}/${entry.file}`;
    const engine = createTemplateEngine(entry.language, root);
    for (const id of entry.forms) {
      const form = formIds.get(id);
      if (!form) continue;
      const [jurisdiction, legalForm] = id.split('-');
      const complete = completeCompanyFile(3, '2026-01-15', id as LegalFormId);
      const halfPaid = {
        ...complete,
        subscribers: (complete.subscribers as Record<string, number>[]).map((subscriber) => ({
          ...subscriber,
          paidAmount: (subscriber.subscription ?? 0) / 2,
        })),
      };
      const twoManagers = {
        ...complete,
        managers: [...(complete.managers as object[]), ...(complete.managers as object[])],
      };
      const samples = [complete, halfPaid, twoManagers, { jurisdiction, legalForm, currency: form.currency }];
      // Statically: every path the template (and its partials) prints, in every branch.
      try {
        const context = buildDocumentContext({
          data: complete,
          form,
          language: entry.language,
          caen: new Map(),
          reference: 'KR-0000-0000',
          preview: false,
        });
        for (const path of engine.globalFullVariablesSync(engine.parseFileSync(entry.file))) {
          const segments = path.replace(/\[(\d+)\]/g, '.$1').split('.');
          if (!resolves(context, segments))
            problems.push(`${where}: "${path}" is not a field a company file has`);
        }
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
      for (const sample of samples) {
        try {
          builder.build(entry.sku as never, sample, { language: entry.language, preview: true });
        } catch (error) {
          problems.push(`${where} (${id}): ${(error as Error).message.split('\n')[0]}`);
          break;
        }
      }
    }
  }
  return entries.length;
}
