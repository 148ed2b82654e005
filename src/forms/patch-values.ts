import type { FormValues } from './form-definition';

/**
 * The key, in RJSF's formContext, of a function that changes other fields than a widget's own (the
 * wizard's legal-form chooser sets the country with the form). schema-form.tsx puts it there; the
 * change goes through the form's onChange as a change typed by the founder would.
 */
export const PATCH_VALUES_CONTEXT_KEY = 'patchValues';

export type PatchValues = (patch: FormValues) => void;

/** The function of `formContext`, if the form gave one. */
export function patchValuesOf(formContext: unknown): PatchValues | undefined {
  if (typeof formContext !== 'object' || formContext === null) return undefined;
  const patch = (formContext as Record<string, unknown>)[PATCH_VALUES_CONTEXT_KEY];
  return typeof patch === 'function' ? (patch as PatchValues) : undefined;
}
