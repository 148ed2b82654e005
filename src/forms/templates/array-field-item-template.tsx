import { Button, Card, Group, Text } from '@mantine/core';
import { getUiOptions, type ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormTranslate } from '../translation';

/**
 * One element of a list: a card headed by `ui:itemTitle` (e.g. "Subscriber 2") with a remove button
 * named after it (`ui:removeLabel`), so a screen reader knows which element goes.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, parentUiSchema } = props;
  const translate = useFormTranslate();
  const { t } = useTranslation('forms');
  const options = getUiOptions(parentUiSchema ?? {});
  const number = index + 1;
  const heading =
    typeof options.itemTitle === 'string' ? translate(options.itemTitle, { number }) : String(number);
  const removeLabel =
    typeof options.removeLabel === 'string' ? translate(options.removeLabel, { number }) : undefined;

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={heading}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={600}>{heading}</Text>
        {hasToolbar && buttonsProps.hasRemove && removeLabel ? (
          <Button
            variant="subtle"
            color="red.9"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={buttonsProps.onRemoveItem}
            disabled={buttonsProps.disabled || buttonsProps.readonly}
            aria-label={removeLabel}
          >
            {t('list.remove')}
          </Button>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}
