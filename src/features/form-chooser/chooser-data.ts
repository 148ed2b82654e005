/**
 * What the chooser's computed rows read from schemas/jurisdictions/<code>.json: each legal form's
 * minimum share capital, through the resolved legal forms of src/lib/legal-forms (the form's parameter,
 * else its country's: the one merge of src/shared/jurisdictions.ts), and the parameters some of its
 * figures name (the numbers of associates).
 */
import { LEGAL_FORMS, legalFormOf } from '@/lib/legal-forms/legal-forms';
import { parameterReaderOf } from '@/shared/jurisdictions';

/** The least share capital a form of `country` may be created with, in its currency; null: no minimum. */
export function minimumCapital(
  country: string,
  form: string,
): { value: number | null; currency: string } | undefined {
  const legalForm = legalFormOf(country, form);
  const parameter = legalForm?.parameters.minimumShareCapital;
  if (!legalForm || !parameter) return undefined;
  return {
    value: typeof parameter.value === 'number' ? parameter.value : null,
    currency: legalForm.currency,
  };
}

/** A legal form's parameter value (`FR`, `SARL`, `maximumAssociates`), for the figures that name one. */
export const parameterValue = parameterReaderOf(LEGAL_FORMS);
