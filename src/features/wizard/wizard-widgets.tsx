import type { RegistryWidgetsType } from '@rjsf/utils';
import type { SummaryFormatter } from '@/forms/schema-summary';
import { legalForms } from '@/forms/generated/wizard-steps';
import { CaenLabel, CaenWidget } from './widgets/caen-widget';
import { JurisdictionWidget, LegalFormWidget } from './widgets/company-form-widgets';
import type { TFunction } from 'i18next';
import { personName, personsById } from '@/shared/company-persons';

/** The widgets the wizard's step files name beyond the renderer's own. */
export const wizardWidgets: RegistryWidgetsType = {
  jurisdiction: JurisdictionWidget,
  legalForm: LegalFormWidget,
  caen: CaenWidget,
};

/**
 * How the review writes the values of those widgets; a person chosen for a role by the name the
 * People step gives them (`data` is the file).
 */
export function wizardFormatters(
  t: TFunction<['jurisdictions']>,
  data: Record<string, unknown> = {},
): Record<string, SummaryFormatter> {
  const persons = personsById(data);
  return {
    person: (value) => {
      const person = persons.get(String(value));
      return (person && personName(person)) || String(value);
    },
    jurisdiction: (value) => {
      const form = legalForms.find((candidate) => candidate.jurisdiction === value);
      return form ? t(form.jurisdictionTitle as never) : String(value);
    },
    legalForm: (value) => {
      const form = legalForms.find((candidate) => candidate.code === value);
      return form ? t(form.title as never) : String(value);
    },
    caen: (value, language) => <CaenLabel code={String(value)} language={language} />,
  };
}
