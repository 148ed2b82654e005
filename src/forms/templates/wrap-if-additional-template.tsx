import { getDefaultRegistry } from '@rjsf/core';
import { ADDITIONAL_PROPERTY_FLAG, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';

/** RJSF's own wrapper (already in the bundle with the form): it lets the user rename or remove a property. */
const RjsfWrapIfAdditional = getDefaultRegistry().templates.WrapIfAdditionalTemplate;

/**
 * The wrapper RJSF puts around every field: a plain box, as @rjsf/mantine draws it for a named field.
 * Our schemas have no `additionalProperties` (fields whose name the user types); should a staff preview
 * show one, RJSF's own wrapper keeps it usable.
 */
export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { classNames, style, children, schema } = props;
  if (ADDITIONAL_PROPERTY_FLAG in schema) return <RjsfWrapIfAdditional {...props} />;
  return (
    <div className={classNames} style={style}>
      {children}
    </div>
  );
}
