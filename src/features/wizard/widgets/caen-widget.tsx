import {
  Alert,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useControlProps } from '@/forms/widgets/control-props';
import type { CaenClass } from '@/shared/jurisdictions';
import {
  authorisationsFor,
  buildCaenIndex,
  rankCaen,
  type CaenIndex,
  type CaenLanguage,
  type CaenSearchFile,
} from '@/lib/caen/caen-search';
import { loadCaenClasses, loadCaenSearch } from '@/lib/caen/caen-data';

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

const nameLanguage = (language: string): CaenLanguage =>
  (['ro', 'en', 'fr'] as const).find((code) => language.startsWith(code)) ?? 'ro';

/**
 * Mantine's filter: the options in rankCaen's order (Mantine shows them as the filter returns them),
 * at most `limit` of them. Only the codes the field accepts are options.
 */
function caenFilter(index: CaenIndex): OptionsFilter {
  return ({ options, search, limit }) => {
    const byCode = new Map<string, ComboboxParsedItem>();
    for (const option of options) if ('value' in option) byCode.set(option.value, option);
    const ranked: ComboboxItem[] = [];
    for (const code of rankCaen(index, search)) {
      const option = byCode.get(code);
      if (option && 'value' in option) ranked.push(option);
      if (ranked.length >= limit) break;
    }
    return ranked;
  };
}

/** The codes the field's schema accepts (an SRL may not declare every class: caen-restrictions.json). */
function acceptedCodes(schema: RJSFSchema): Set<string> | null {
  const list =
    schema.type === 'array' && typeof schema.items === 'object' && !Array.isArray(schema.items)
      ? schema.items.enum
      : schema.enum;
  return Array.isArray(list) ? new Set(list.map(String)) : null;
}

/** Before the lists load: nothing to search. */
const EMPTY_SEARCH: CaenSearchFile = {
  synonyms: { ro: [], en: [], fr: [] },
  common: { codes: [] },
  authorisations: [],
};

/** How many matches the list shows at once: typing narrows it (the whole list is some 600 classes). */
const SHOWN_AT_ONCE = 60;

/** Under the field: what the chosen classes need before the company may operate (caen-search.json). */
function AuthorisationNote({ search, codes }: { search: CaenSearchFile | null; codes: string[] }) {
  const { t } = useTranslation('wizard');
  const ids = search ? authorisationsFor(search, codes) : [];
  if (ids.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      title={t('fields.caen.authorisationTitle')}
      data-testid="caen-authorisations"
    >
      <Stack gap="xs">
        {ids.map((noteId) => (
          <Text key={noteId} size="sm">
            {t(`fields.caen.authorisations.${noteId}` as never)}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {t('fields.caen.authorisationFooter')}
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * `ui:widget: "caen"`: a CAEN class (or, on a list of unique classes, several), searched by code, by a
 * founder's everyday words in any of the three languages (caen-search.ts) or by words of its name.
 * The list opens on a click, on typing or on ArrowDown, never on a focus alone: after a failed Next
 * the form focuses the first field in error, and a list opening there would cover the form.
 */
export function CaenWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('wizard');
  const { id, value, multiple, placeholder, schema, onChange, onBlur, onFocus } = props;
  const control = useControlProps(props);
  const [lists, setLists] = useState<{ classes: CaenClass[]; search: CaenSearchFile } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([loadCaenClasses(), loadCaenSearch()]).then(
      ([classes, search]) => live && setLists({ classes, search }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const language = nameLanguage(i18n.language);
  const accepted = useMemo(() => acceptedCodes(schema), [schema]);
  const data = useMemo(
    () =>
      (lists?.classes ?? [])
        .filter((entry) => !accepted || accepted.has(entry.code))
        .map((entry) => ({ value: entry.code, label: `${entry.code} — ${entry[language]}` })),
    [lists, accepted, language],
  );
  const filter = useMemo(
    () => caenFilter(buildCaenIndex(lists?.classes ?? [], lists?.search ?? EMPTY_SEARCH, language)),
    [lists, language],
  );
  const chosen = multiple
    ? Array.isArray(value)
      ? value.map(String)
      : []
    : typeof value === 'string'
      ? [value]
      : [];
  const common = {
    ...control,
    data,
    searchable: true,
    openOnFocus: false,
    limit: SHOWN_AT_ONCE,
    filter,
    nothingFoundMessage: t('fields.caen.nothingFound'),
    placeholder: lists ? placeholder || t('fields.caen.placeholder') : t('fields.caen.loading'),
    disabled: control.disabled || !lists,
    rightSection: lists || failed ? undefined : <Loader size="xs" />,
    error: failed ? t('fields.caen.unavailable') : control.error,
    comboboxProps: { withinPortal: true },
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
  };
  const note = <AuthorisationNote search={lists?.search ?? null} codes={chosen} />;
  if (multiple)
    return (
      <Stack gap="xs">
        <MultiSelect {...common} value={chosen} clearable onChange={(next) => onChange(next)} />
        {note}
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Select
        {...common}
        value={chosen[0] ?? null}
        clearable={!control.required}
        onChange={(next) => onChange(next ?? undefined)}
      />
      {note}
    </Stack>
  );
}
