import type { WidgetProps } from '@rjsf/utils';
import { LANGUAGE_NATIVE_NAMES, isLanguage } from '@/lib/i18n/languages';
import { OptionsSelect } from './select-widget';

/** The product's languages, each named in its own language (readable whatever the current one). */
export function LanguageWidget(props: WidgetProps) {
  const values = (props.schema.enum ?? []).filter(isLanguage);
  const options = values.map((language) => ({ value: language, label: LANGUAGE_NATIVE_NAMES[language] }));
  return <OptionsSelect widget={props} options={options} />;
}
