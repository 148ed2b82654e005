import type { FieldProps } from '@rjsf/utils';

/**
 * Number and integer fields: RJSF's own NumberField rewrites what the widget reports with the
 * browser's decimal separator (in a French browser "1.000" becomes "1", and a text it cannot read
 * comes out mangled). Our number template (templates/number-input.tsx) reads the text in the
 * interface's language and reports a number, or the text itself when it cannot be read (the schema's
 * type then refuses it): this field hands both on untouched, to RJSF's StringField.
 */
export function NumberField(props: FieldProps) {
  const { StringField } = props.registry.fields;
  return StringField ? <StringField {...props} /> : null;
}
