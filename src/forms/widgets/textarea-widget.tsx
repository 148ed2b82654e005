import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { emptyToUndefined, useControlProps } from './control-props';

/** Multi-line text that grows with its content (`ui:options.rows` is the starting height). */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, placeholder, options, schema, onChange, onBlur, onFocus } = props;
  return (
    <Textarea
      {...useControlProps(props)}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      autosize
      minRows={typeof options.rows === 'number' ? options.rows : 3}
      maxRows={10}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      onChange={(event) => onChange(emptyToUndefined(event.currentTarget.value))}
      onBlur={(event) => onBlur(id, event.currentTarget.value)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
