import { Group, Input, Stack } from '@mantine/core';
import { descriptionId, type FieldTemplateProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { FieldTooltip } from '../field-tooltip';
import { filingLanguageOf } from '../filing-language';

// The language guesser loads with the first field that asks for it (the wizard's corporate purpose).
const FilingLanguageNotice = lazy(() => import('../filing-language-notice'));

/**
 * Every field's frame: title (with its required mark and tooltip), the control, its description and its
 * errors, and a warning when its text seems not to be in the language of the documents
 * (`ui:options.filingLanguageWarning`). The title is a real <label> outside Mantine's input so that the tooltip button sits beside it
 * without joining the control's accessible name.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    required,
    displayLabel,
    rawDescription,
    errors,
    help,
    hidden,
    children,
    schema,
    uiSchema,
    formData,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  // The root object and nested objects lay out their own fields.
  if (schema.type === 'object') return children;
  // A list titles itself (array-field-template); its own errors (how many, totals) follow it. A list
  // shown as one control (a multiple choice, `ui:widget`) is framed like any other field.
  if (schema.type === 'array' && !uiSchema?.['ui:widget'])
    return (
      <Stack gap={4} data-field={id}>
        {children}
        {errors}
      </Stack>
    );

  const tooltip = typeof uiSchema?.['ui:tooltip'] === 'string' ? uiSchema['ui:tooltip'] : undefined;
  const tooltipButton = tooltip ? <FieldTooltip fieldLabel={label} text={tooltip} /> : null;
  // A checkbox carries its label beside the box; its tooltip follows it there.
  const isCheckbox = schema.type === 'boolean';
  const filingLanguage = filingLanguageOf(uiSchema);

  return (
    <Stack gap={4} data-field={id}>
      {displayLabel && label && !isCheckbox ? (
        <Group gap={4} wrap="nowrap" align="center">
          <Input.Label htmlFor={id} id={`${id}-label`} required={required}>
            {label}
          </Input.Label>
          {tooltipButton}
        </Group>
      ) : null}
      {isCheckbox && tooltipButton ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          {children}
          {tooltipButton}
        </Group>
      ) : (
        children
      )}
      {/* Other controls render their description and errors through Mantine (see useControlProps). */}
      {isCheckbox && rawDescription ? (
        <Input.Description id={descriptionId(id)}>{rawDescription}</Input.Description>
      ) : null}
      {isCheckbox ? errors : null}
      {filingLanguage ? (
        <Suspense fallback={null}>
          <FilingLanguageNotice value={formData} filingLanguage={filingLanguage} />
        </Suspense>
      ) : null}
      {help}
    </Stack>
  );
}
