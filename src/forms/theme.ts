import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ArrayFieldItemTemplate } from './templates/array-field-item-template';
import { ArrayFieldTemplate } from './templates/array-field-template';
import { BaseInputTemplate } from './templates/base-input-template';
import { FieldErrorTemplate } from './templates/field-error-template';
import { FieldTemplate } from './templates/field-template';
import { ObjectFieldTemplate } from './templates/object-field-template';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { CountryWidget } from './widgets/country-widget';
import { DateWidget } from './widgets/date-widget';
import { LanguageWidget } from './widgets/language-widget';
import { PasswordWidget } from './widgets/password-widget';
import { SelectWidget } from './widgets/select-widget';
import { TextareaWidget } from './widgets/textarea-widget';

/**
 * @rjsf/mantine's templates, with the field frame, errors, layout and text inputs replaced by ours:
 * titles with tooltips, translated errors, controls labelled by those titles, and lists of cards.
 */
export const formTemplates: Partial<TemplatesType> = {
  ...generateTemplates(),
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
};

/** The widgets a uiSchema can name with ui:widget (RJSF maps "password", "date", "textarea"… to these). */
export const formWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  DateWidget,
  PasswordWidget,
  SelectWidget,
  TextareaWidget,
  country: CountryWidget,
  language: LanguageWidget,
};
