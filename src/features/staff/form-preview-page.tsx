import { Alert, Card, Code, Container, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_AJV_OPTIONS } from '@/forms/ajv-options';
import { defineForm, type FormDefinitionJson, type FormValues } from '@/forms/form-definition';
import { SchemaForm } from '@/forms/schema-form';
import { LANGUAGES, LANGUAGE_NATIVE_NAMES, isLanguage } from '@/lib/i18n/languages';

// Eager globs: Vite hot-replaces this module when a schema or a locale file changes, so edits show at once.
const definitionFiles = import.meta.glob<FormDefinitionJson>(
  ['../../../schemas/forms/*.json', '!../../../schemas/forms/*.schema.json'],
  { eager: true, import: 'default' },
);
const localeFiles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

const forms = Object.entries(definitionFiles)
  .map(([file, json]) => ({ name: /([^/]+)\.json$/.exec(file)?.[1] ?? file, json }))
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * /dev/forms, in development builds only: every form of schemas/forms/ rendered live in the chosen
 * language, with a run-time validator (no rebuild needed), so staff see an edit before committing it.
 */
export function FormPreviewPage() {
  const { t, i18n } = useTranslation('forms');
  const [name, setName] = useState(forms[0]?.name ?? '');
  const [values, setValues] = useState<FormValues>({});
  const [validValues, setValidValues] = useState<FormValues | null>(null);

  // The words as they are on disk now (the app otherwise keeps the copy it loaded at start-up).
  useEffect(() => {
    for (const [file, words] of Object.entries(localeFiles)) {
      const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
      if (language && namespace) i18n.addResourceBundle(language, namespace, words, true, true);
    }
  }, [i18n]);

  const form = useMemo(() => {
    const entry = forms.find((candidate) => candidate.name === name);
    return entry
      ? defineForm(
          entry.name,
          entry.json,
          customizeValidator<FormValues>({ ajvOptionsOverrides: FORM_AJV_OPTIONS }),
        )
      : null;
  }, [name]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('preview.title')}</Title>
          <Text c="dimmed">{t('preview.lead')}</Text>
          <Text size="sm" c="dimmed">
            {t('preview.devOnly')}
          </Text>
        </Stack>
        <Group grow align="flex-end">
          <NativeSelect
            label={t('preview.form')}
            value={name}
            data={forms.map((entry) => entry.name)}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setValues({});
              setValidValues(null);
            }}
          />
          <NativeSelect
            label={t('preview.language')}
            value={i18n.language}
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NATIVE_NAMES[language] }))}
            onChange={(event) => {
              if (isLanguage(event.currentTarget.value)) void i18n.changeLanguage(event.currentTarget.value);
            }}
          />
        </Group>
        {form ? (
          <Card withBorder radius="lg" padding="lg">
            <SchemaForm
              key={form.name}
              form={form}
              formData={values}
              onChange={(next) => {
                setValues(next);
                setValidValues(null);
              }}
              onSubmit={setValidValues}
              submitLabel={t('preview.submit')}
            >
              {validValues ? (
                <Alert color="brand" role="status" title={t('preview.valid')}>
                  <Code block>{JSON.stringify(validValues, null, 2)}</Code>
                </Alert>
              ) : null}
            </SchemaForm>
          </Card>
        ) : null}
      </Stack>
    </Container>
  );
}
