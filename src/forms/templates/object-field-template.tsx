import { Grid } from '@mantine/core';
import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';

/** Lays fields on a 12-column grid: `ui:options.span` (out of 12) puts short fields side by side on wide screens. */
export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <Grid gutter="md">
      {properties
        .filter((property) => !property.hidden)
        .map((property) => {
          const element = property.content as { props?: { uiSchema?: Record<string, unknown> } };
          const span = Number(getUiOptions(element.props?.uiSchema ?? {}).span) || 12;
          return (
            <Grid.Col key={property.name} span={{ base: 12, sm: Math.min(12, Math.max(1, span)) }}>
              {property.content}
            </Grid.Col>
          );
        })}
    </Grid>
  );
}
