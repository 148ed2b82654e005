import { Button, Group, Stack, Text } from '@mantine/core';
import { getUiOptions, titleId, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { IconPlus } from '@tabler/icons-react';
import { FieldTooltip } from '../field-tooltip';
import { useFormTranslate } from '../translation';

/**
 * A list (the wizard's subscribers, a website's services): a titled group with its tooltip, its
 * elements and an "add" button named by `ui:addLabel` ("Add" without it). The list's own errors (how
 * many, totals) come after it, rendered by the field template.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, disabled, readonly, fieldPathId, uiSchema, title, required } = props;
  const translate = useFormTranslate();
  const options = getUiOptions(uiSchema);
  const label = typeof options.title === 'string' ? options.title : title;
  const tooltip = typeof uiSchema?.['ui:tooltip'] === 'string' ? uiSchema['ui:tooltip'] : undefined;
  // A list whose uiSchema names no add button still gets one ("Add").
  const addLabel = translate(typeof options.addLabel === 'string' ? options.addLabel : 'forms:list.add');

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
