import { NativeSelect, Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useControlProps } from './control-props';

export interface SelectOption {
  value: string;
  label: string;
}

/** Up to this many options a native select is quicker (and what phones handle best); beyond it, a searchable list. */
const NATIVE_SELECT_MAX_OPTIONS = 8;

/** A choice among options. Long lists (countries) can be searched by typing. */
export function OptionsSelect({ widget, options }: { widget: WidgetProps; options: SelectOption[] }) {
  const { t } = useTranslation('forms');
  const { id, value, placeholder, required, onChange, onBlur, onFocus } = widget;
  const selected = typeof value === 'string' ? value : null;
  const control = useControlProps(widget);

  if (options.length <= NATIVE_SELECT_MAX_OPTIONS) {
    const data =
      required && selected
        ? options
        : [{ value: '', label: placeholder || t('select.placeholder') }, ...options];
    return (
      <NativeSelect
        {...control}
        data={data}
        value={selected ?? ''}
        onChange={(event) =>
          onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)
        }
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    );
  }
  return (
    <Select
      {...control}
      data={options}
      value={selected}
      placeholder={placeholder || t('select.searchPlaceholder')}
      searchable
      clearable={!required}
      nothingFoundMessage={t('select.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** The schema's enum, labelled by ui:enumNames (translated) when given. */
export function SelectWidget(props: WidgetProps) {
  const options = (props.options.enumOptions ?? []).map((option) => ({
    value: String(option.value),
    label: String(option.label),
  }));
  return <OptionsSelect widget={props} options={options} />;
}
