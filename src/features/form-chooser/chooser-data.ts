/**
 * What the chooser's computed rows read from schemas/jurisdictions/<code>.json: each legal form's
 * minimum share capital (the form's parameter, else the country's). Named imports, as
 * outside-fees-data.ts does, so the bundle keeps only these keys.
 */
import {
  code as frCode,
  currency as frCurrency,
  legalForms as frForms,
  parameters as frParameters,
} from '../../../schemas/jurisdictions/fr.json';
import {
  code as roCode,
  currency as roCurrency,
  legalForms as roForms,
  parameters as roParameters,
} from '../../../schemas/jurisdictions/ro.json';

interface CapitalParameter {
  minimumShareCapital?: { value: number | null };
}

const COUNTRIES = [
  { code: frCode, currency: frCurrency, parameters: frParameters as CapitalParameter, forms: frForms },
  { code: roCode, currency: roCurrency, parameters: roParameters as CapitalParameter, forms: roForms },
];

/** The least share capital a form of `country` may be created with, in its currency; null: no minimum. */
export function minimumCapital(
  country: string,
  form: string,
): { value: number | null; currency: string } | undefined {
  const jurisdiction = COUNTRIES.find((candidate) => candidate.code === country);
  const legalForm = jurisdiction?.forms.find((candidate) => candidate.code === form);
  if (!jurisdiction || !legalForm) return undefined;
  const own = (legalForm.parameters as CapitalParameter).minimumShareCapital;
  const parameter = own ?? jurisdiction.parameters.minimumShareCapital;
  return parameter ? { value: parameter.value, currency: jurisdiction.currency } : undefined;
}
