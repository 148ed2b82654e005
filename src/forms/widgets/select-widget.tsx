import { ComboboxChevron, InputBase, NativeSelect, type OptionsFilter } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useControlProps } from './control-props';
import { deferredControl, type StandInProps } from './deferred-control';

export interface SelectOption {
  value: string;
  label: string;
}

export interface OptionsSelectProps {
  widget: WidgetProps;
  options: SelectOption[];
  /** How typing narrows a long list (by default, the labels that contain the text). */
  filter?: OptionsFilter;
}

/** Up to this many options a native select is quicker (and what phones handle best); beyond it, a searchable list. */
const NATIVE_SELECT_MAX_OPTIONS = 8;

/**
 * The searchable list while its code loads (as soon as a form shows one): the field as the list draws
 * it when closed (the chosen option's name or the placeholder, the chevron). A click on it opens the
 * list once it is there.
 */
export function SearchableSelectStandIn({ widget, options, handoff }: StandInProps<OptionsSelectProps>) {
  const { t } = useTranslation('forms');
  const { id, value, placeholder, onFocus } = widget;
  const { name, ...control } = useControlProps(widget);
  const selected = options.find((option) => option.value === value);
  return (
    <>
      <InputBase
        {...control}
        readOnly
        value={selected?.label ?? ''}
        placeholder={placeholder || t('select.searchPlaceholder')}
        autoComplete="off"
        rightSection={<ComboboxChevron error={control.error} />}
        rightSectionPointerEvents="none"
        onClick={handoff.click}
        onFocus={() => {
          handoff.focus();
          onFocus(id, value);
        }}
        onBlur={handoff.blur}
      />
      <input type="hidden" value={selected?.value ?? ''} name={name} />
    </>
  );
}

const SearchableSelect = deferredControl<OptionsSelectProps>(
  () => import('./searchable-select'),
  SearchableSelectStandIn,
  ({ widget }) => widget.id,
  'render',
);

/** A choice among options. Long lists (countries) can be searched by typing. */
export function OptionsSelect({ widget, options, filter }: OptionsSelectProps) {
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
  return <SearchableSelect widget={widget} options={options} {...(filter ? { filter } : {})} />;
}

/** The schema's enum, labelled by ui:enumNames (translated) when given. */
export function SelectWidget(props: WidgetProps) {
  const options = (props.options.enumOptions ?? []).map((option) => ({
    value: String(option.value),
    label: String(option.label),
  }));
  return <OptionsSelect widget={props} options={options} />;
}
