import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues, StepDefinition } from '@/forms/form-definition';
import { SchemaForm } from '@/forms/schema-form';
import { personsOf } from '@/shared/company-persons';
import { refusalKey } from './member-outcomes';
import { isRecord, ownRecordForm, recordErrors } from './own-record';
import { saveOwnRecord, type SharedFile } from './team-api';

/**
 * "Mes informations": the co-founder completes or corrects their own person record, and only it.
 * A change saved elsewhere meanwhile shows the file as it is now; a change that would void the
 * signatures already given is said first, and made only once confirmed.
 */
export function OwnRecordForm({
  file,
  steps,
  onSaved,
}: {
  file: SharedFile;
  steps: readonly StepDefinition[];
  onSaved: (file: SharedFile) => void;
}) {
  const { t } = useTranslation(['cofounders', 'forms']);
  const headingId = useId();
  const people = steps.find((step) => step.id === 'people');
  const form = useMemo(() => (people ? ownRecordForm(people.form) : null), [people]);
  const persons = personsOf(file.data);
  const index = persons.findIndex((person) => person.id === file.personId);
  const person = persons[index];
  const formData = useMemo<FormValues>(() => ({ persons: person ? [person] : [] }), [person]);
  // The record to send again once the founder of a void confirmed it.
  const [pending, setPending] = useState<FormValues | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'warning'; key: string } | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema<FormValues> | undefined>(undefined);

  if (!form || !person) return null;

  const say = (keyword: string, params: Record<string, unknown>) => {
    const key = `forms:errors.${keyword}`;
    return String(
      t((keyword in FORM_ERROR_KEYWORDS ? key : 'forms:errors.invalid') as never, params as never),
    );
  };

  const save = async (values: FormValues, confirmed: boolean) => {
    setPending(null);
    setSaving(true);
    setNotice(null);
    setServerErrors(undefined);
    const record = Array.isArray(values.persons) && isRecord(values.persons[0]) ? values.persons[0] : person;
    try {
      const outcome = await saveOwnRecord(file, { ...record, id: person.id, kind: person.kind }, confirmed);
      if (outcome.status === 'saved') {
        // A submitted file that the change leaves unsubmitted: the documents are signed on it, and
        // only the founder may submit the change (which voids the signatures).
        const waitsForFounder = file.status === 'submitted' && outcome.file.status === 'amended';
        setNotice(
          waitsForFounder
            ? { tone: 'warning', key: 'record.savedForFounder' }
            : { tone: 'success', key: 'record.saved' },
        );
        onSaved(outcome.file);
      } else if (outcome.status === 'conflict') {
        setNotice({ tone: 'warning', key: 'record.conflict' });
        if (outcome.file) onSaved(outcome.file);
      } else if (outcome.status === 'voidsSignatures') {
        setPending(values);
      } else {
        setServerErrors(recordErrors(outcome.errors, index, say));
        setNotice({ tone: 'error', key: 'record.invalid' });
      }
    } catch (error) {
      setNotice({ tone: 'error', key: refusalKey(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {t('record.title')}
      </Title>
      <Text c="dimmed">{t('record.lead')}</Text>
      <SchemaForm
        key={file.revision}
        form={form}
        formData={formData}
        onChange={ignoreChange}
        onSubmit={(values) => save(values, false)}
        submitLabel={t('record.save')}
        submitting={saving}
        extraErrors={serverErrors}
      >
        {notice ? (
          <Alert
            mt="md"
            color={notice.tone === 'success' ? 'teal' : notice.tone === 'warning' ? 'orange' : 'red'}
            role={notice.tone === 'success' ? 'status' : 'alert'}
          >
            {t(notice.key as never, { founder: file.founder })}
          </Alert>
        ) : null}
      </SchemaForm>
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('record.voidSignatures.title')}
      >
        <Stack gap="md">
          <Text size="sm">{t('record.voidSignatures.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('record.voidSignatures.cancel')}
            </Button>
            <Button color="red" onClick={() => pending && void save(pending, true)}>
              {t('record.voidSignatures.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The form keeps what is typed itself; the record is read when it is submitted. */
const ignoreChange = () => undefined;

/** The rules the renderer has words for (forms:errors.<keyword>); any other is "invalid value". */
const FORM_ERROR_KEYWORDS = {
  required: true,
  minLength: true,
  maxLength: true,
  pattern: true,
  format: true,
  const: true,
  enum: true,
  type: true,
  minimum: true,
  maximum: true,
  exclusiveMinimum: true,
  exclusiveMaximum: true,
} as const;
