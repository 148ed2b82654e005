import { ariaDescribedByIds, descriptionId, errorId, type WidgetProps } from '@rjsf/utils';
import { createElement } from 'react';
import { translateMessage, useFormTranslate } from '../translation';
import { warningsOf } from '../warnings';
import classes from './inputs.module.css';

type ControlSource = Pick<
  WidgetProps,
  'id' | 'htmlName' | 'required' | 'disabled' | 'readonly' | 'autofocus' | 'rawErrors' | 'uiSchema'
> &
  Partial<Pick<WidgetProps, 'registry'>>;

function identity(props: ControlSource) {
  return {
    id: props.id,
    name: props.htmlName ?? props.id,
    required: props.required,
    disabled: props.disabled || props.readonly,
    autoFocus: props.autofocus,
  };
}

/**
 * What a Mantine input takes from RJSF. Mantine itself renders the field's description and its errors
 * (translated here, so a language switch re-words them) under the control, and points the control's
 * aria-describedby at both: a screen reader reads the error when the field gets focus. A warning
 * shown while typing (forms/warnings.ts) takes the error's place until the field shows errors, in its
 * own colour and announced as it appears.
 */
export function useControlProps(props: ControlSource) {
  const translate = useFormTranslate();
  const errors = (props.rawErrors ?? []).map((message) => translateMessage(message, translate));
  const warnings =
    errors.length > 0
      ? []
      : warningsOf(props.registry?.formContext, props.id).map((message) =>
          translateMessage(message, translate),
        );
  const messages = errors.length > 0 ? errors : warnings;
  const description = props.uiSchema?.['ui:description'];
  return {
    ...identity(props),
    // Mantine sets it on most inputs from `error`, but not on PasswordInput's inner input.
    'aria-invalid': messages.length > 0,
    description: typeof description === 'string' && description !== '' ? description : undefined,
    descriptionProps: { id: descriptionId(props.id) },
    error:
      messages.length > 0
        ? messages.map((message, index) => createElement('div', { key: index }, message))
        : undefined,
    errorProps:
      warnings.length > 0
        ? {
            id: errorId(props.id),
            component: 'div',
            className: classes.warning,
            'aria-live': 'polite' as const,
          }
        : { id: errorId(props.id), component: 'div' },
    ...(warnings.length > 0 ? { withErrorStyles: false } : {}),
    // Placeholders stay visibly placeholders, in error too (inputs.module.css).
    classNames: {
      input: classes.input,
      innerInput: classes.input,
      inputField: classes.input,
      placeholder: classes.placeholder,
    },
  };
}

/**
 * A checkbox's props: its label sits beside the box, so the field template renders its description and
 * errors, and aria-describedby names them.
 */
export function checkboxControlProps(props: ControlSource) {
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return {
    ...identity(props),
    'aria-describedby': ariaDescribedByIds(props.id),
    'aria-invalid': invalid,
    error: invalid || undefined,
  };
}

/** RJSF stores "no value" as undefined (so `required` catches it), never as an empty string. */
export function emptyToUndefined(value: string): string | undefined {
  return value === '' ? undefined : value;
}
