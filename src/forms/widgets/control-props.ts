import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** What every control takes from RJSF: identity, state, and the ids of its description and errors. */
export function controlProps(
  props: Pick<
    WidgetProps,
    'id' | 'htmlName' | 'required' | 'disabled' | 'readonly' | 'autofocus' | 'rawErrors'
  >,
) {
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return {
    id: props.id,
    name: props.htmlName ?? props.id,
    required: props.required,
    disabled: props.disabled || props.readonly,
    autoFocus: props.autofocus,
    'aria-describedby': ariaDescribedByIds(props.id),
    'aria-invalid': invalid,
    // Mantine paints the border red; the message itself is rendered under the field by FieldErrorTemplate.
    error: invalid,
  };
}

/** RJSF stores "no value" as undefined (so `required` catches it), never as an empty string. */
export function emptyToUndefined(value: string): string | undefined {
  return value === '' ? undefined : value;
}
