import { Grid } from '@mantine/core';
import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { isShown } from '../show-if';

/**
 * Lays fields on a 12-column grid: `ui:options.span` (out of 12) puts short fields side by side on wide
 * screens. A field with `ui:options.showIf` shows only while the object's values match it (show-if.ts).
 */
export function ObjectFieldTemplate({ properties, formData }: ObjectFieldTemplateProps) {
  return (
    <Grid gutter="md">
      {properties
        .filter((property) => !property.hidden)
        .map((property) => {
          const element = property.content as { props?: { uiSchema?: Record<string, unknown> } };
          const options = getUiOptions(element.props?.uiSchema ?? {});
          if (!isShown(options.showIf, formData)) return null;
          const span = Number(options.span) || 12;
          return (
            <Grid.Col key={property.name} span={{ base: 12, sm: Math.min(12, Math.max(1, span)) }}>
              {property.content}
            </Grid.Col>
          );
        })}
    </Grid>
  );
}
