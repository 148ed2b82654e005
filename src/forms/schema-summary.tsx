import { Stack, Text, Title } from '@mantine/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NationalityWords } from '@/shared/nationalities';
import { countryOptions } from './countries';
import { filingLanguageOf } from './filing-language';
import { FilingLanguageNotice } from './filing-language-notice';
import type { FormDefinition, FormValues } from './form-definition';
import { formatMoney } from './money';
import { nationalityOptions } from './nationalities';
import { itemHeading } from './item-heading';
import classes from './schema-summary.module.css';
import { isShown } from './show-if';
import { namespacesOf, translateUiSchema, useFormTranslate, type FormTranslate } from './translation';

/** Writes a value a page's own widget stands for (a legal form, a CAEN class) for reading. */
export type SummaryFormatter = (value: unknown, language: string) => ReactNode;

type Node = Record<string, unknown>;
/** What an empty answer reads as. */
const EMPTY_KEY = 'forms:summary.empty';
const isRecord = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Context {
  translate: FormTranslate;
  language: string;
  formatters: Record<string, SummaryFormatter>;
  /** The nationality widget's words, loaded with the form's namespaces (namespacesOf). */
  nationalities: NationalityWords;
}

function orderedFields(schema: RJSFSchema, ui: Node): string[] {
  const names = Object.keys(isRecord(schema.properties) ? schema.properties : {});
  const order = Array.isArray(ui['ui:order']) ? ui['ui:order'].map(String) : [];
  const listed = order.filter((name) => name !== '*' && names.includes(name));
  return [...listed, ...names.filter((name) => !listed.includes(name))];
}

/** A single value as a reader expects it in `language`: dates, amounts, countries, yes and no. */
function formatValue(value: unknown, schema: RJSFSchema, ui: Node, context: Context): ReactNode {
  const { translate, language, formatters, nationalities } = context;
  const widget = typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined;
  const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
  const empty = typeof ui['ui:summaryEmpty'] === 'string' ? ui['ui:summaryEmpty'] : translate(EMPTY_KEY);
  if (value === undefined || value === null || value === '') return empty;
  const formatter = widget ? formatters[widget] : undefined;
  if (formatter) return formatter(value, language);
  if (typeof value === 'boolean') return translate(value ? 'forms:summary.yes' : 'forms:summary.no');
  if (typeof value === 'number') {
    const currency = typeof options.currency === 'string' ? options.currency : undefined;
    if (currency) return formatMoney(value, currency, language, translate);
    // A percentage as the language writes it: "30 %" in French and Romanian, "30%" in English.
    if (options.unit === '%')
      return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 4 }).format(
        value / 100,
      );
    return new Intl.NumberFormat(language).format(value);
  }
  if (typeof value === 'string') {
    if (schema.format === 'date') {
      const date = new Date(`${value}T00:00:00`);
      return Number.isNaN(date.getTime())
        ? value
        : new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
    }
    if (widget === 'country') return countryOptions(language, [value])[0]?.label ?? value;
    if (widget === 'nationality')
      return nationalityOptions(language, nationalities, [value])[0]?.label ?? value;
    const names = Array.isArray(ui['ui:enumNames']) ? ui['ui:enumNames'] : undefined;
    const index = Array.isArray(schema.enum) ? schema.enum.indexOf(value) : -1;
    if (names && index >= 0 && typeof names[index] === 'string') return names[index];
    return value;
  }
  return JSON.stringify(value);
}

function Fields({
  schema,
  ui,
  values,
  context,
}: {
  schema: RJSFSchema;
  ui: Node;
  values: FormValues;
  context: Context;
}) {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return (
    <dl className={classes.list}>
      {orderedFields(schema, ui).map((name) => {
        const fieldSchema = properties[name] as RJSFSchema;
        const fieldUi = isRecord(ui[name]) ? ui[name] : {};
        if (fieldUi['ui:widget'] === 'hidden') return null;
        // A field the form shows only in some cases (a company's registration for a company) reads
        // only in those cases too.
        const fieldOptions = isRecord(fieldUi['ui:options']) ? fieldUi['ui:options'] : {};
        if (!isShown(fieldOptions.showIf, values)) return null;
        const title = typeof fieldUi['ui:title'] === 'string' ? fieldUi['ui:title'] : name;
        const value = values[name];
        if (
          fieldSchema.type === 'array' &&
          isRecord(fieldSchema.items) &&
          fieldSchema.items.type === 'object'
        ) {
          return (
            <ListOfObjects
              key={name}
              title={title}
              schema={fieldSchema}
              ui={fieldUi}
              values={value}
              context={context}
            />
          );
        }
        let shown: ReactNode;
        if (Array.isArray(value)) {
          const itemSchema = (isRecord(fieldSchema.items) ? fieldSchema.items : {}) as RJSFSchema;
          shown =
            value.length === 0 ? (
              context.translate(EMPTY_KEY)
            ) : (
              <Stack gap={2} component="span">
                {value.map((item, index) => (
                  <span key={index}>{formatValue(item, itemSchema, fieldUi, context)}</span>
                ))}
              </Stack>
            );
        } else shown = formatValue(value, fieldSchema, fieldUi, context);
        const filingLanguage = filingLanguageOf(fieldUi);
        return (
          <Fragment key={name}>
            <dt>{title}</dt>
            <dd>
              {shown}
              {filingLanguage ? (
                <FilingLanguageNotice value={value} filingLanguage={filingLanguage} live={false} />
              ) : null}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}

function ListOfObjects(props: {
  title: string;
  schema: RJSFSchema;
  ui: Node;
  values: unknown;
  context: Context;
}) {
  const { title, schema, ui, values, context } = props;
  const items = Array.isArray(values) ? values.filter(isRecord) : [];
  const itemUi = isRecord(ui.items) ? ui.items : {};
  const itemTitle = typeof ui['ui:itemTitle'] === 'string' ? ui['ui:itemTitle'] : undefined;
  return (
    <>
      <dt className={classes.groupTitle}>{title}</dt>
      <dd className={classes.group}>
        {items.length === 0 ? context.translate(EMPTY_KEY) : null}
        {items.map((item, index) => (
          <div key={index} className={classes.item}>
            {itemTitle ? (
              <Text size="sm" fw={600} c="dimmed">
                {itemHeading(context.translate(itemTitle, { number: index + 1 }), ui, item)}
              </Text>
            ) : null}
            <Fields schema={schema.items as RJSFSchema} ui={itemUi} values={item} context={context} />
          </div>
        ))}
      </dd>
    </>
  );
}

export interface SchemaSummaryProps {
  form: FormDefinition;
  values: FormValues;
  /** The section's heading. */
  title: string;
  /** Beside the heading (the wizard's "Edit" link). */
  action?: ReactNode;
  /** Formatters of a page's own widgets, by widget name. */
  formatters?: Record<string, SummaryFormatter>;
}

/**
 * A form's answers for reading (the wizard's review before submitting): every field the schema has,
 * in the uiSchema's order, titled by its translated title and written for the user's language, with
 * the warning of a text that seems not to be in the documents' language (`filingLanguageWarning`). Built
 * from the definition alone: a field added to a schema appears here with no code change.
 */
export function SchemaSummary({ form, values, title, action, formatters = {} }: SchemaSummaryProps) {
  const namespaces = useMemo(() => namespacesOf([form.schema, form.uiSchema]), [form]);
  const translate = useFormTranslate(namespaces);
  const { i18n } = useTranslation();
  const ui = useMemo(
    () => translateUiSchema(form.schema, form.uiSchema as UiSchema, translate) as Node,
    [form, translate],
  );
  const nationalities = (i18n.getResourceBundle(i18n.language, 'nationalities') ?? {}) as NationalityWords;
  const context: Context = { translate, language: i18n.language, formatters, nationalities };
  return (
    <section className={classes.section} aria-label={title}>
      <div className={classes.heading}>
        <Title order={3} size="h4">
          {title}
        </Title>
        {action}
      </div>
      <Fields schema={form.schema} ui={ui} values={values} context={context} />
    </section>
  );
}
