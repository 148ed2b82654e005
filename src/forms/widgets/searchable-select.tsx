import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useControlProps } from './control-props';
import type { OptionsSelectProps } from './select-widget';

/**
 * A long list of options (the countries) searched by typing (see select-widget.tsx, which loads this
 * module when a form shows one: the list's drop-down and its scrolling weigh more than a short form).
 */
export default function SearchableSelect({ widget, options, filter }: OptionsSelectProps) {
  const { t } = useTranslation('forms');
  const { id, value, placeholder, required, onChange, onBlur, onFocus } = widget;
  return (
    <Select
      {...useControlProps(widget)}
      data={options}
      value={typeof value === 'string' ? value : null}
      placeholder={placeholder || t('select.searchPlaceholder')}
      searchable
      {...(filter ? { filter } : {})}
      clearable={!required}
      nothingFoundMessage={t('select.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
