import { Button, Group, Stack, Text } from '@mantine/core';
import { getUiOptions, titleId, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { IconPlus, IconUserCheck } from '@tabler/icons-react';
import { FieldTooltip } from '../field-tooltip';
import { FILL_CONTEXT_KEY, fillMappingOf, planFill, type FillContext } from '../fill';
import { useFormTranslate } from '../translation';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The names of the fields a list's elements declare. */
function itemFieldsOf(schema: ArrayFieldTemplateProps['schema']): string[] {
  const items = schema.items;
  return isRecord(items) && isRecord(items.properties) ? Object.keys(items.properties) : [];
}

/**
 * A list (the wizard's subscribers, a website's services): a titled group with its tooltip, its
 * elements and an "add" button named by `ui:addLabel` ("Add" without it). With `ui:options.fillFrom` and `ui:fillLabel`, a
 * shortcut copies the user's own details into the first empty element (see fill.ts). The list's own
 * errors (how many, totals) come after it, rendered by the field template.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const {
    items,
    canAdd,
    onAddClick,
    disabled,
    readonly,
    fieldPathId,
    uiSchema,
    title,
    required,
    schema,
    formData,
    registry,
  } = props;
  const translate = useFormTranslate();
  const options = getUiOptions(uiSchema);
  const label = typeof options.title === 'string' ? options.title : title;
  const tooltip = typeof uiSchema?.['ui:tooltip'] === 'string' ? uiSchema['ui:tooltip'] : undefined;
  // A list whose uiSchema names no add button still gets one ("Add").
  const addLabel = translate(typeof options.addLabel === 'string' ? options.addLabel : 'forms:list.add');

  const fill = (registry.formContext as Record<string, FillContext | undefined> | undefined)?.[
    FILL_CONTEXT_KEY
  ];
  const mapping = fillMappingOf(options.fillFrom);
  const fillLabel = typeof options.fillLabel === 'string' ? translate(options.fillLabel) : undefined;
  const plan =
    fill && mapping && fillLabel && !disabled && !readonly
      ? planFill(formData, itemFieldsOf(schema), mapping, fill.source, canAdd === true)
      : null;
  const fillIn = () => {
    if (!fill || !plan) return;
    fill.apply(fieldPathId.path, plan.index, plan.item);
    // The shortcut may go once used: the focus moves to what it filled, which a screen reader reads.
    const firstField = `${fieldPathId.$id}_${plan.index}_${plan.fields[0] ?? ''}`;
    setTimeout(() => document.getElementById(firstField)?.focus(), 0);
  };

  return (
    <Stack gap="sm" role="group" aria-labelledby={titleId(fieldPathId)} id={fieldPathId.$id}>
      <Group gap={4} wrap="nowrap">
        <Text component="h3" fw={600} size="md" id={titleId(fieldPathId)}>
          {label}
          {required ? (
            <Text component="span" c="red.9" aria-hidden="true">
              {' *'}
            </Text>
          ) : null}
        </Text>
        {tooltip ? <FieldTooltip fieldLabel={label} text={tooltip} /> : null}
      </Group>
      {plan && fillLabel ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconUserCheck size={16} aria-hidden="true" />}
            onClick={fillIn}
          >
            {fillLabel}
          </Button>
        </Group>
      ) : null}
      {items}
      {canAdd ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={onAddClick}
            disabled={disabled || readonly}
          >
            {addLabel}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
