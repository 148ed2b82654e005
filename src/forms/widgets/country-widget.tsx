import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../countries';
import { OptionsSelect } from './select-widget';

/** `ui:widget: "country"`: a searchable list of countries in the user's language; the value is the ISO code. */
export function CountryWidget(props: WidgetProps) {
  const { i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return <OptionsSelect widget={props} options={options} />;
}
