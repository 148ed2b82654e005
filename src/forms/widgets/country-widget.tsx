import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../countries';
import { OptionsSelect } from './select-widget';

/**
 * `ui:widget: "country"`: a searchable list of countries in the user's language; the value is the ISO
 * code. A schema `enum` of codes limits the list (and is what the server checks).
 */
export function CountryWidget(props: WidgetProps) {
  const { i18n } = useTranslation();
  const codes = props.schema.enum;
  const options = useMemo(
    () =>
      countryOptions(
        i18n.language,
        Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : undefined,
      ),
    [i18n.language, codes],
  );
  return <OptionsSelect widget={props} options={options} />;
}
