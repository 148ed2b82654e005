import { Button, Group } from '@mantine/core';
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFValidationError } from '@rjsf/utils';
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { FormDefinition, FormValues } from './form-definition';
import { formFields, formTemplates, formWidgets } from './theme';
import { PERSONS_CONTEXT_KEY } from './widgets/person-widget';
import { personChoices, type PersonChoice } from '@/shared/company-persons';
import { namespacesOf, toMessageTokens, translateUiSchema, useFormTranslate } from './translation';
import { WARNINGS_CONTEXT_KEY, fieldWarnings, warnsWhileTyping } from './warnings';

export interface SchemaFormProps {
  form: FormDefinition;
  /**
   * The values to show. The form keeps what is typed (reported through onChange); a page passes new
   * values only to replace them (loaded, merged), and may keep passing the same object meanwhile.
   */
  formData: FormValues;
  onChange: (values: FormValues) => void;
  /** Called with valid values only. */
  onSubmit: (values: FormValues) => void | Promise<void>;
  submitLabel: string;
  submitting?: boolean;
  /** A full-width submit button (the account pages). */
  fullWidthSubmit?: boolean;
  /** The submit button's colour, when it is not the brand's (red for what cannot be undone). */
  submitColor?: string;
  /** Shown between the fields and the submit button (a server error, a link). */
  children?: ReactNode;
  /** Shown beside the submit button (e.g. Cancel). */
  secondaryAction?: ReactNode;
  /** Replaces the submit button row (the wizard's Go Back / Next); it must hold a submit button. */
  actions?: ReactNode;
  /** A field got the focus: its path in the values (`["subscribers", "2", "name"]`). */
  onFieldFocus?: (path: string[]) => void;
  /** Lets the page validate without a submit (the wizard's Complete checks every step). */
  handleRef?: Ref<SchemaFormHandle>;
  /** Widgets of a page's own (the wizard's legal-form cards), beside the renderer's. */
  widgets?: RegistryWidgetsType;
  /**
   * Where the browser posts the form itself while the app does not run it (a submit before the app has
   * taken a prerendered page over, or no JavaScript): a server route that takes it. Without one, the
   * browser would send the form as a GET, its values (a password) in the URL, the server's log and the
   * history. Once the app runs, it handles every submit itself, as without this.
   */
  action?: string;
  /** Errors the server found (a 422), shown on their fields beside the form's own. */
  extraErrors?: ErrorSchema<FormValues>;
}

export interface SchemaFormHandle {
  /** Validates what is on screen, shows the errors and focuses the first one; true when valid. */
  validate(): boolean;
}

/** RJSF ids are the form's name then the path, joined by "_" (field names are camelCase, never "_"). */
const ID_SEPARATOR = '_';

/** RJSF would otherwise pre-fill a field from its `const` (agree to terms: true; confirmPassword: the $data pointer). */
const DEFAULT_FORM_STATE_BEHAVIOR = { constAsDefaults: 'never' } as const;

/**
 * The one renderer of the product's forms: a definition from schemas/forms/ plus the current language
 * become a Mantine form. Errors show after the first submit and then follow every change; a field's
 * `ui:options.warnWhileTyping` rules show at once, as warnings (warnings.ts).
 */
/**
 * The errors in the order the fields show, so that the focus goes to the first wrong field on screen:
 * the validator lists a rule of `if`/`then` (a field asked for only in some cases) after the rest.
 */
function inFieldOrder(errors: RJSFValidationError[], form: { schema: object; uiSchema: object }) {
  const order = (form.uiSchema as { 'ui:order'?: string[] })['ui:order'];
  const keys = Object.keys((form.schema as { properties?: object }).properties ?? {});
  const rank = (error: RJSFValidationError) => {
    // ".email", "firstname" (a rule on the object names its field bare), ".subscribers.0.name", "" (the form).
    const name = (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
    if (!name) return Number.MAX_SAFE_INTEGER;
    const byOrder = order ? order.indexOf(name) : -1;
    const position = byOrder !== -1 ? byOrder : order ? order.indexOf('*') : keys.indexOf(name);
    return position === -1 ? Number.MAX_SAFE_INTEGER : position * 1000 + keys.indexOf(name);
  };
  return errors
    .map((error, index) => ({ error, index, rank: rank(error) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.error);
}

export function SchemaForm({
  form,
  formData,
  onChange,
  onSubmit,
  submitLabel,
  submitting = false,
  fullWidthSubmit = false,
  submitColor,
  children,
  secondaryAction,
  actions,
  onFieldFocus,
  handleRef,
  widgets,
  action,
  extraErrors,
}: SchemaFormProps) {
  const namespaces = useMemo(() => namespacesOf([form.schema, form.uiSchema]), [form]);
  const translate = useFormTranslate(namespaces);
  const uiSchema = useMemo(() => translateUiSchema(form.schema, form.uiSchema, translate), [form, translate]);
  const [validateLive, setValidateLive] = useState(false);
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) => inFieldOrder(toMessageTokens(errors, form.uiSchema), form),
    [form],
  );
  // The values on screen. RJSF re-reads its `formData` prop whenever any prop changes (errors shown,
  // language switched), so it must always be the latest: kept here, a page need not re-render at
  // each key press. A new `formData` from the page (loaded, merged from elsewhere) replaces them.
  const [values, setValues] = useState(formData);
  const [givenValues, setGivenValues] = useState(formData);
  if (formData !== givenValues) {
    setGivenValues(formData);
    setValues(formData);
  }
  const rjsfForm = useRef<Form<FormValues>>(null);
  // The persons a field may name (the wizard's file): as they are on screen, so that a person typed on
  // the People step can be chosen as a company's representative on the same step. The context changes
  // only when their names do, not at each key press elsewhere.
  const personsText = useMemo(() => JSON.stringify(personChoices(values)), [values]);
  // The rules a field asks to hear of as the founder types (warnings.ts), as text: the context, and
  // every field with it, changes only when the warnings themselves do.
  const warns = useMemo(() => warnsWhileTyping(form), [form]);
  const warningsText = useMemo(
    () => (warns ? JSON.stringify(fieldWarnings(form, values)) : '{}'),
    [warns, form, values],
  );
  const formContext = useMemo(
    () => ({
      [PERSONS_CONTEXT_KEY]: JSON.parse(personsText) as PersonChoice[],
      [WARNINGS_CONTEXT_KEY]: JSON.parse(warningsText) as unknown,
    }),
    [personsText, warningsText],
  );
  const allWidgets = useMemo(() => (widgets ? { ...formWidgets, ...widgets } : formWidgets), [widgets]);
  useImperativeHandle(handleRef, () => ({ validate: () => rjsfForm.current?.validateForm() ?? false }), []);

  return (
    <Form<FormValues>
      ref={rjsfForm}
      schema={form.schema}
      uiSchema={uiSchema}
      validator={form.validator}
      formData={values}
      idPrefix={form.name}
      method={action ? 'post' : undefined}
      action={action}
      templates={formTemplates}
      fields={formFields}
      widgets={allWidgets}
      formContext={formContext}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      liveValidate={validateLive ? 'onChange' : undefined}
      onChange={(event) => {
        const next = event.formData ?? {};
        setValues(next);
        onChange(next);
      }}
      onError={() => setValidateLive(true)}
      onFocus={(id) => {
        if (onFieldFocus && id.startsWith(form.name + ID_SEPARATOR))
          onFieldFocus(id.slice(form.name.length + 1).split(ID_SEPARATOR));
      }}
      onSubmit={(event) => {
        if (!submitting) void onSubmit(event.formData ?? {});
      }}
    >
      {children}
      {actions ?? (
        <Group mt="lg" gap="sm">
          <Button type="submit" loading={submitting} fullWidth={fullWidthSubmit} color={submitColor}>
            {submitLabel}
          </Button>
          {secondaryAction}
        </Group>
      )}
    </Form>
  );
}
