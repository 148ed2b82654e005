import { Group, Radio, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { useControlProps } from './control-props';
import classes from './choice-cards.module.css';

export interface Choice {
  value: string;
  title: string;
  /** What the choice means, under its title. */
  description?: ReactNode;
}

/**
 * A choice among a few options that each need explaining (a country, a legal form): one card per
 * option, a radio group for assistive technologies (arrow keys move between the cards).
 */
export function ChoiceCards({
  widget,
  choices,
  empty,
  before,
}: {
  widget: WidgetProps;
  choices: Choice[];
  /** Shown instead of the cards when there is no choice yet (the legal forms before a country). */
  empty?: ReactNode;
  /** Shown above the cards, under the field's title (the legal forms' "Help me choose"). */
  before?: ReactNode;
}) {
  const { id, value, onChange, onBlur, onFocus } = widget;
  const { error, errorProps, description, descriptionProps, required, name } = useControlProps(widget);
  const selected = typeof value === 'string' ? value : null;
  return (
    // The field's id is on a group, not on a card: its title (a <label for>) does not pick an option
    // when clicked, and the assistant's links can still focus the field.
    <div id={id} tabIndex={-1}>
      {before}
      <Radio.Group
        name={name}
        value={selected}
        onChange={(next) => onChange(next)}
        error={error}
        errorProps={errorProps}
        description={description}
        descriptionProps={descriptionProps}
        required={required}
        // The radio group is named by the field's title (field-template.tsx gives it this id).
        labelProps={{ id: `${id}-label` }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <Stack gap="sm" mt={4}>
          {choices.length === 0 ? empty : null}
          {choices.map((choice) => (
            <Radio.Card
              key={choice.value}
              value={choice.value}
              className={classes.card}
              id={`${id}-${choice.value}`}
              aria-labelledby={`${id}-${choice.value}-title`}
              aria-describedby={choice.description ? `${id}-${choice.value}-description` : undefined}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={4}>
                  <Text fw={600} id={`${id}-${choice.value}-title`}>
                    {choice.title}
                  </Text>
                  {choice.description ? (
                    <Text size="sm" c="dimmed" component="div" id={`${id}-${choice.value}-description`}>
                      {choice.description}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    </div>
  );
}
