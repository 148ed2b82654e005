import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import { createElement, lazy, Suspense } from 'react';
import { NumberField } from './fields/number-field';
import { ArrayFieldItemTemplate } from './templates/array-field-item-template';
import { ArrayFieldTemplate } from './templates/array-field-template';
import { BaseInputTemplate } from './templates/base-input-template';
import { FieldErrorTemplate } from './templates/field-error-template';
import { FieldHelpTemplate } from './templates/field-help-template';
import { FieldTemplate } from './templates/field-template';
import { ObjectFieldTemplate } from './templates/object-field-template';
import { WrapIfAdditionalTemplate } from './templates/wrap-if-additional-template';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { CheckboxesWidget } from './widgets/checkboxes-widget';
import { CountryWidget } from './widgets/country-widget';
import { DateWidget } from './widgets/date-widget';
import { LanguageWidget } from './widgets/language-widget';
import { NationalityWidget } from './widgets/nationality-widget-loader';
import { PasswordWidget } from './widgets/password-widget';
import { PersonWidget } from './widgets/person-widget';
import { SelectWidget } from './widgets/select-widget';
import { TextareaWidget } from './widgets/textarea-widget';

/**
 * Only the templates our forms show; RJSF's own defaults fill the rest (the error list, titles and
 * descriptions our templates do not render, buttons we replace). @rjsf/mantine's theme is not used:
 * it brings every template and widget it has, in every form's download.
 */
export const formTemplates: Partial<TemplatesType> = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  WrapIfAdditionalTemplate,
};

/** The fields that replace RJSF's own: numbers keep what the number template read (see number-field.tsx). */
export const formFields: RegistryFieldsType = { NumberField };

/**
 * The website's colour swatches serve one page, which passes them itself (no loading step); here they
 * load apart, for any other form that names them (the staff's form preview), and stay off the others.
 */
const LazyWebsiteColorWidget = lazy(() =>
  import('./widgets/website-color-widget').then((module) => ({ default: module.WebsiteColorWidget })),
);
// Its own boundary: the form stays on screen while the swatches load.
const WebsiteColorWidget = (props: WidgetProps) =>
  createElement(Suspense, { fallback: null }, createElement(LazyWebsiteColorWidget, props));

/**
 * The widgets a uiSchema can name with ui:widget (RJSF maps "password", "date", "textarea",
 * "checkboxes"… to these). The heavy ones (the date picker, the searchable list, the number input)
 * load apart, when a form shows one.
 */
export const formWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  CheckboxesWidget,
  DateWidget,
  PasswordWidget,
  SelectWidget,
  TextareaWidget,
  country: CountryWidget,
  language: LanguageWidget,
  nationality: NationalityWidget,
  person: PersonWidget,
  websiteColor: WebsiteColorWidget,
};
