/**
 * The whole wizard as content describes it (schemas/wizard/, schemas/jurisdictions/), resolved for
 * every legal form: what the build precompiles for the browser and what the server checks files with.
 */
import { legalFormsOf, type JurisdictionJson, type LegalForm } from './jurisdictions.ts';
import { resolveStepForForm, declaredFieldsOf, type StepFileJson } from './wizard-resolve.ts';
import type { MigrationsFileJson } from './wizard-migrations.ts';

export interface WizardSource {
  /** schemas/wizard/steps.json `version`. */
  version: number;
  /** The step files' names, in order; the first is the choice of country and legal form. */
  stepIds: string[];
  steps: Record<string, StepFileJson>;
  migrations: MigrationsFileJson;
  jurisdictions: JurisdictionJson[];
  /** The data lists step files name with `$list` (caen, countries). */
  lists: Record<string, readonly unknown[]>;
}

export interface ResolvedStep {
  id: string;
  definition: StepFileJson;
}

export interface ResolvedWizard {
  version: number;
  legalForms: LegalForm[];
  /** The first step, the same for every form: it chooses the form. */
  chooser: ResolvedStep;
  /** Every step of a legal form, the chooser first. */
  stepsOf(formId: string): ResolvedStep[] | undefined;
  /** Every top-level field any step declares for any form: an older file's other answers are set aside. */
  knownFields: Set<string>;
}

export function resolveWizard(source: WizardSource): ResolvedWizard {
  const legalForms = legalFormsOf(source.jurisdictions);
  const [chooserId, ...otherIds] = source.stepIds;
  const chooserFile = chooserId ? source.steps[chooserId] : undefined;
  if (!chooserId || !chooserFile) throw new Error('schemas/wizard/steps.json lists no steps');
  const chooser = { id: chooserId, definition: chooserFile };
  const byForm = new Map<string, ResolvedStep[]>();
  const knownFields = new Set(declaredFieldsOf(chooserFile));
  for (const form of legalForms) {
    const steps = otherIds.map((id) => {
      const file = source.steps[id];
      if (!file) throw new Error(`schemas/wizard/${id}.json is missing`);
      const definition = resolveStepForForm(
        file,
        form,
        source.lists,
        `schemas/wizard/${id}.json (${form.id})`,
      );
      for (const field of declaredFieldsOf(definition)) knownFields.add(field);
      return { id, definition };
    });
    byForm.set(form.id, [chooser, ...steps]);
  }
  return {
    version: source.version,
    legalForms,
    chooser,
    stepsOf: (formId) => byForm.get(formId),
    knownFields,
  };
}
