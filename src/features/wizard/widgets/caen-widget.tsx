import { Loader, MultiSelect, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlProps } from '@/forms/widgets/control-props';
import type { CaenClass } from '@/shared/jurisdictions';

let loading: Promise<CaenClass[]> | null = null;

/** The CAEN list (schemas/jurisdictions/caen.json), a chunk of its own: only Romanian founders load it. */
function loadCaenClasses(): Promise<CaenClass[]> {
  loading ??= import('../../../../schemas/jurisdictions/caen.json')
    .then((module) => (module.default as { classes: CaenClass[] }).classes)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** A CAEN class as the review shows it: its code, then its name in the user's language once the list is loaded. */
export function CaenLabel({ code, language }: { code: string; language: string }) {
  const [classes, setClasses] = useState<CaenClass[] | null>(null);
  useEffect(() => {
    let live = true;
    loadCaenClasses().then(
      (loaded) => live && setClasses(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const entry = classes?.find((candidate) => candidate.code === code);
  const name = entry ? entry[nameLanguage(language)] : null;
  return <>{name ? `${code} — ${name}` : code}</>;
}

const nameLanguage = (language: string) =>
  (['ro', 'en', 'fr'] as const).find((code) => language.startsWith(code)) ?? 'ro';

/** Lower case without accents: "activitati" finds "Activități". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Every word typed appears in the option (code or name), in any order. */
const filterByWords: OptionsFilter = ({ options, search }) => {
  const words = folded(search).split(/\s+/).filter(Boolean);
  return (options as ComboboxItem[]).filter((option) => {
    const label = folded(option.label);
    return words.every((word) => label.includes(word));
  });
};

/** How many matches the list shows at once: typing narrows it (the whole list is some 600 classes). */
const SHOWN_AT_ONCE = 60;

/**
 * `ui:widget: "caen"`: a CAEN class (or, on a list of unique classes, several), searched by code or by
 * words of its name in the user's language.
 */
export function CaenWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('wizard');
  const { id, value, multiple, placeholder, onChange, onBlur, onFocus } = props;
  const control = useControlProps(props);
  const [classes, setClasses] = useState<CaenClass[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadCaenClasses().then(
      (loaded) => live && setClasses(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const language = nameLanguage(i18n.language);
  const data = useMemo(
    () =>
      (classes ?? []).map((entry) => ({ value: entry.code, label: `${entry.code} — ${entry[language]}` })),
    [classes, language],
  );
  const common = {
    ...control,
    data,
    searchable: true,
    limit: SHOWN_AT_ONCE,
    filter: filterByWords,
    nothingFoundMessage: t('fields.caen.nothingFound'),
    placeholder: classes ? placeholder || t('fields.caen.placeholder') : t('fields.caen.loading'),
    disabled: control.disabled || !classes,
    rightSection: classes || failed ? undefined : <Loader size="xs" />,
    error: failed ? t('fields.caen.unavailable') : control.error,
    comboboxProps: { withinPortal: true },
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
  };
  if (multiple) {
    const selected = Array.isArray(value) ? value.map(String) : [];
    return <MultiSelect {...common} value={selected} clearable onChange={(next) => onChange(next)} />;
  }
  return (
    <Select
      {...common}
      value={typeof value === 'string' ? value : null}
      clearable={!control.required}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}
