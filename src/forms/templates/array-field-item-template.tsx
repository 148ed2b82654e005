import { ActionIcon, Box, Button, Card, Group, Text } from '@mantine/core';
import { deepEquals, getUiOptions, type ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { IconTrash } from '@tabler/icons-react';
import { isValidElement, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormTranslate } from '../translation';
import { itemHeading } from '../item-heading';

/**
 * RJSF hands every element new but equal props at each key press anywhere in the form: re-rendering
 * twenty cards for one key is most of the typing time of a full list. An element renders again only
 * when what it shows or its fields' props change, as RJSF decides for its own fields (functions
 * count as equal: RJSF's handlers read the latest values through refs).
 */
function sameElement(previous: ArrayFieldItemTemplateProps, next: ArrayFieldItemTemplateProps): boolean {
  const { children: previousChildren, ...previousRest } = previous;
  const { children: nextChildren, ...nextRest } = next;
  return (
    isValidElement(previousChildren) &&
    isValidElement(nextChildren) &&
    previousChildren.type === nextChildren.type &&
    deepEquals(previousChildren.props, nextChildren.props) &&
    deepEquals(previousRest, nextRest)
  );
}

/**
 * One element of a list: a card headed by `ui:itemTitle` (e.g. "Subscriber 2") with a remove button
 * named after it (`ui:removeLabel`, else "Remove" and the heading), so a screen reader knows which
 * element goes. An element that is a single field (a service's name) is a row: the field and its
 * button, in a group named by the heading.
 */
export const ArrayFieldItemTemplate = memo(function ArrayFieldItemTemplate(
  props: ArrayFieldItemTemplateProps,
) {
  const { children, buttonsProps, hasToolbar, index, parentUiSchema, schema } = props;
  const translate = useFormTranslate();
  const { t } = useTranslation('forms');
  const options = getUiOptions(parentUiSchema ?? {});
  const number = index + 1;
  const numbered =
    typeof options.itemTitle === 'string' ? translate(options.itemTitle, { number }) : String(number);
  // The element's values, which the field inside it renders: a person's card is headed by the name.
  const item = isValidElement<{ formData?: unknown }>(children) ? children.props.formData : undefined;
  const heading = itemHeading(numbered, { 'ui:options': options }, item);
  const removeLabel =
    typeof options.removeLabel === 'string'
      ? translate(options.removeLabel, { number })
      : t('list.removeItem', { item: numbered });
  // `ui:options.keepFirst`: the first element cannot go (the founder, first of the file's persons).
  const removable = hasToolbar && buttonsProps.hasRemove && !(options.keepFirst === true && index === 0);

  if (schema.type !== 'object' && schema.type !== 'array') {
    return (
      <Group role="group" aria-label={heading} align="flex-start" wrap="nowrap" gap="xs">
        <Box flex={1} miw={0}>
          {children}
        </Box>
        {removable ? (
          <ActionIcon
            variant="subtle"
            color="red.9"
            size="lg"
            // Level with the input, under the field's title.
            mt={26}
            onClick={buttonsProps.onRemoveItem}
            disabled={buttonsProps.disabled || buttonsProps.readonly}
            aria-label={removeLabel}
            title={removeLabel}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        ) : null}
      </Group>
    );
  }

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={heading}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={600}>{heading}</Text>
        {removable ? (
          <Button
            variant="subtle"
            color="red.9"
            // The subtle variant draws its text in the colour's light shade (3.3:1 on white): the dark one.
            c="red.9"
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
}, sameElement);
