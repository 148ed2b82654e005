import { Checkbox, Group } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useControlProps } from './control-props';

/**
 * A multiple choice among a few options (a list of an `enum` with `uniqueItems`): one checkbox per
 * option, in a group named by the field's title. A new choice goes last, so the first one checked stays
 * first (the website's main language).
 */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { error, errorProps, description, descriptionProps, required } = useControlProps(props);
  const choices = options.enumOptions ?? [];
  const selected = Array.isArray(value) ? value.map(String) : [];
  return (
    // The field's id is on the group's box, not on a checkbox: its title (a <label for>) does not tick
    // an option when clicked, and a link to the field can still focus it.
    <div id={id} tabIndex={-1} onFocus={() => onFocus(id, value)} onBlur={() => onBlur(id, value)}>
      <Checkbox.Group
        value={selected}
        onChange={(next) =>
          onChange(next.map((text) => choices.find((choice) => String(choice.value) === text)?.value ?? text))
        }
        error={error}
        errorProps={errorProps}
        description={description}
        descriptionProps={descriptionProps}
        required={required}
        readOnly={readonly}
        // The group is named by the field's title (field-template.tsx gives it this id).
        labelProps={{ id: `${id}-label` }}
      >
        <Group gap="lg" mt={4}>
          {choices.map((choice, index) => (
            <Checkbox
              key={String(choice.value)}
              id={`${id}-${index}`}
              value={String(choice.value)}
              label={choice.label}
              disabled={disabled}
              error={Boolean(error)}
            />
          ))}
        </Group>
      </Checkbox.Group>
    </div>
  );
}
