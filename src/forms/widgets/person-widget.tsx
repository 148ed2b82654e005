import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonChoice } from '@/shared/company-persons';
import { OptionsSelect } from './select-widget';

/** The key of the file's persons in RJSF's formContext (schema-form.tsx puts them there). */
export const PERSONS_CONTEXT_KEY = 'persons';

/**
 * `ui:widget: "person"`: one of the persons of the file (the People step), by name; the value is the
 * person's id, so that a name corrected there is corrected wherever the person has a role.
 * `ui:options.kinds: ["natural"]` lists only natural persons (a manager, a beneficial owner).
 */
export function PersonWidget(props: WidgetProps) {
  const { t } = useTranslation('wizard');
  const context = props.registry.formContext as Record<string, unknown> | undefined;
  const persons = context?.[PERSONS_CONTEXT_KEY];
  const kinds = Array.isArray(props.options.kinds) ? (props.options.kinds as string[]) : undefined;
  const options = useMemo(
    () =>
      (Array.isArray(persons) ? (persons as PersonChoice[]) : [])
        .filter((choice) => !kinds || kinds.includes(choice.kind))
        .map((choice) => ({
          value: choice.value,
          label: choice.label || t('fields.person.unnamed', { number: choice.number }),
        })),
    [persons, kinds, t],
  );
  return <OptionsSelect widget={props} options={options} />;
}
