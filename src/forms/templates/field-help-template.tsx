import { Text } from '@mantine/core';
import { helpId, type FieldHelpProps } from '@rjsf/utils';

/**
 * A field's help under it (`ui:help`, already translated), as @rjsf/mantine shows it. Our schemas never
 * turn on Markdown in help texts, so the text is shown as it is.
 */
export function FieldHelpTemplate({ fieldPathId, help }: FieldHelpProps) {
  if (!help) return null;
  return (
    <Text id={helpId(fieldPathId)} size="sm" my="xs" c="dimmed">
      {help}
    </Text>
  );
}
