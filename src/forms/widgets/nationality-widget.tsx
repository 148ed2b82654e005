import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NationalityWords } from '@/shared/nationalities';
import { nationalityOptions, searchNationalities } from '../nationalities';
import { OptionsSelect } from './select-widget';

/**
 * `ui:widget: "nationality"`: a searchable list of nationalities in the user's language ("française
 * (France)"), found by the adjective in either gender, with or without accents, by the country's name
 * or by its ISO code; the value is the ISO code, as the country widget stores it. A schema `enum` of
 * codes limits the list (and is what the server checks). The words are locales/<lang>/nationalities.json,
 * which forms naming this widget load with their own (namespacesOf).
 */
export function NationalityWidget(props: WidgetProps) {
  const { i18n } = useTranslation('nationalities');
  const language = i18n.language;
  const words = i18n.getResourceBundle(language, 'nationalities') as NationalityWords | undefined;
  const codes = props.schema.enum;
  const options = useMemo(
    () =>
      nationalityOptions(
        language,
        words ?? {},
        Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : undefined,
      ),
    [language, words, codes],
  );
  // Mantine hands the filter its own copies of the options: they are matched back by value.
  const filter = useMemo<OptionsFilter>(() => {
    const byValue = new Map(options.map((option) => [option.value, option]));
    return ({ options: shown, search, limit }) => {
      const items = new Map(
        shown.filter((item): item is ComboboxItem => 'value' in item).map((item) => [item.value, item]),
      );
      const candidates = [...items.keys()].flatMap((value) => byValue.get(value) ?? []);
      return searchNationalities(candidates, search)
        .slice(0, limit)
        .flatMap((option) => items.get(option.value) ?? []);
    };
  }, [options]);
  const selectOptions = useMemo(() => options.map(({ value, label }) => ({ value, label })), [options]);
  return <OptionsSelect widget={props} options={selectOptions} filter={filter} />;
}
