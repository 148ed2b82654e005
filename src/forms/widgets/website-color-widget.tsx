import { Group, Radio, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { IconCheck } from '@tabler/icons-react';
import { WEBSITE_PALETTE, type WebsiteColor } from '@/shared/website';
import { useControlProps } from './control-props';
import classes from './website-color-widget.module.css';

const isWebsiteColor = (value: unknown): value is WebsiteColor =>
  typeof value === 'string' && value in WEBSITE_PALETTE;

/**
 * The website's colour: a swatch per colour of the shared palette, each named (`ui:enumNames`), in a
 * radio group (arrow keys move between them). The name is always shown: a colour alone says nothing to
 * someone who cannot see it.
 */
export function WebsiteColorWidget(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { error, errorProps, description, descriptionProps, required, name } = useControlProps(props);
  const choices = (options.enumOptions ?? []).filter((choice) => isWebsiteColor(choice.value));
  const selected = typeof value === 'string' ? value : null;
  return (
    <div id={id} tabIndex={-1}>
      <Radio.Group
        name={name}
        value={selected}
        onChange={(next) => onChange(next)}
        error={error}
        errorProps={errorProps}
        description={description}
        descriptionProps={descriptionProps}
        required={required}
        readOnly={readonly}
        labelProps={{ id: `${id}-label` }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <Group gap="xs" mt={4}>
          {choices.map((choice) => {
            const color = choice.value as WebsiteColor;
            const checked = selected === color;
            return (
              <Radio.Card
                key={color}
                value={color}
                id={`${id}-${color}`}
                className={classes.card}
                disabled={disabled}
                data-color={color}
              >
                <span
                  className={classes.swatch}
                  style={{ backgroundColor: WEBSITE_PALETTE[color].main }}
                  aria-hidden="true"
                >
                  {checked ? <IconCheck size={18} color="white" /> : null}
                </span>
                <Text size="sm" fw={checked ? 700 : 500}>
                  {choice.label}
                </Text>
              </Radio.Card>
            );
          })}
        </Group>
      </Radio.Group>
    </div>
  );
}
