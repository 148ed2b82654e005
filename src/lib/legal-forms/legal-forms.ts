/**
 * Every legal form of schemas/jurisdictions/<code>.json with its parameters resolved (the form's own
 * over its country's), through the one merge of src/shared/jurisdictions.ts (`legalFormsOf`), for
 * pages that need a few parameters without the wizard's steps (src/forms/generated/wizard-steps.ts):
 * the form chooser's minimum capital and its figures that are legal parameters. Named imports of the
 * JSON files, so the bundle leaves out the fees and the rest of the files.
 */
import {
  code as frCode,
  currency as frCurrency,
  filingLanguage as frFilingLanguage,
  legalForms as frForms,
  parameters as frParameters,
  title as frTitle,
} from '../../../schemas/jurisdictions/fr.json';
import {
  code as roCode,
  currency as roCurrency,
  filingLanguage as roFilingLanguage,
  legalForms as roForms,
  parameters as roParameters,
  title as roTitle,
} from '../../../schemas/jurisdictions/ro.json';
import { legalFormOfFile, legalFormsOf, type JurisdictionJson, type LegalForm } from '@/shared/jurisdictions';

// check:forms holds the files to jurisdiction.schema.json, which JurisdictionJson mirrors.
export const LEGAL_FORMS: readonly LegalForm[] = legalFormsOf([
  {
    code: frCode,
    title: frTitle,
    currency: frCurrency,
    filingLanguage: frFilingLanguage,
    parameters: frParameters,
    legalForms: frForms,
  },
  {
    code: roCode,
    title: roTitle,
    currency: roCurrency,
    filingLanguage: roFilingLanguage,
    parameters: roParameters,
    legalForms: roForms,
  },
] as unknown as JurisdictionJson[]);

/** The form `code` of `country` (`FR`, `SASU`), if the files have it. */
export const legalFormOf = (country: string, code: string): LegalForm | undefined =>
  legalFormOfFile(LEGAL_FORMS, { jurisdiction: country, legalForm: code });
