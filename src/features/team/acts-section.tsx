import { Alert, Blockquote, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepDefinition } from '@/forms/form-definition';
import { useFormTranslate } from '@/forms/translation';
import { formatInstantDate } from '@/lib/format/dates';
import { isLanguage } from '@/lib/i18n/languages';
import { actsOf, capacityKey, changedFieldTitle, companyLabel, legalFormOf, nameOf } from './file-words';
import { refusalKey } from './member-outcomes';
import { errorCode, fetchActs, giveAct, type FileAct, type FileActList, type SharedFile } from './team-api';

/** `revision`: the file's revision the list was read at (its digest is that revision's). */
type Load =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: FileActList; revision: number };

/** What changed since an act was given: the fields' labels, once each, with whose record they are. */
function ChangedFields({
  act,
  file,
  steps,
}: {
  act: FileAct;
  file: SharedFile;
  steps: readonly StepDefinition[];
}) {
  const { t } = useTranslation('cofounders');
  const translate = useFormTranslate(['wizard']);
  const labels = [
    ...new Set(
      (act.changes ?? []).map((change) => {
        const key = changedFieldTitle(steps, change.path);
        const field = key ? translate(key) : t('acts.otherField');
        const person = change.personId ? nameOf(file.data, change.personId) : '';
        return person ? t('acts.fieldOfPerson', { field, name: person }) : field;
      }),
    ),
  ];
  if (labels.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label={t('acts.changedFields')}>
      {labels.map((label) => (
        <List.Item key={label}>{label}</List.Item>
      ))}
    </List>
  );
}

/**
 * "Mes engagements": each act the file asks of the account's own person, in the legal words
 * (`legal-acts:acts.<act>.<FR|RO>.*`, the words the server records), with a button to give it. An act
 * given on an earlier version of the file says what changed and asks again; a file changed while the
 * page was open is shown again before anything is given.
 */
export function ActsSection({
  file,
  steps,
  onFileChanged,
}: {
  file: SharedFile;
  steps: readonly StepDefinition[];
  onFileChanged: () => void;
}) {
  const { t, i18n } = useTranslation(['cofounders', 'legal-acts']);
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [giving, setGiving] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [given, setGiven] = useState(false);
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const fileId = file.fileId;
  const revision = file.revision;

  const reload = useCallback(
    (signal?: AbortSignal) => {
      fetchActs(fileId, signal).then(
        (list) => setLoad({ status: 'ready', list, revision }),
        (error: unknown) => {
          if (signal?.aborted) return;
          console.warn('The acts could not be loaded.', error);
          setLoad({ status: 'failed' });
        },
      );
    },
    [fileId, revision],
  );

  useEffect(() => {
    const controller = new AbortController();
    reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  // The file changed (the person just saved their record, say) and its acts are being read again:
  // the list on screen still carries the old digest, which the server would refuse as FILE_CHANGED.
  // Its buttons wait for the new list rather than let a quick click fail.
  const stale = load.status === 'ready' && load.revision !== revision;

  const jurisdiction = legalFormOf(file.data)?.jurisdiction === 'RO' ? 'RO' : 'FR';
  const name = nameOf(file.data, file.personId);
  const company = companyLabel(file.data);

  const give = async (act: FileAct, digest: string) => {
    setGiving(act.act);
    setFailure(null);
    setGiven(false);
    try {
      const list = await giveAct(fileId, { personId: file.personId, act: act.act, digest, language });
      setLoad({ status: 'ready', list, revision });
      setGiven(true);
    } catch (error) {
      setFailure(refusalKey(error));
      if (errorCode(error) === 'FILE_CHANGED') {
        onFileChanged();
        reload();
      }
    } finally {
      setGiving(null);
    }
  };

  let body;
  if (load.status === 'loading') body = <Text role="status">{t('acts.loading')}</Text>;
  else if (load.status === 'failed')
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('acts.loadError')}</Text>
          <Button variant="light" size="compact-sm" onClick={() => reload()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (!load.list.submitted || load.list.digest === null)
    body = <Text>{t('acts.notSubmitted', { founder: file.founder })}</Text>;
  else {
    const digest = load.list.digest;
    const own = actsOf(load.list.acts, file.personId);
    body =
      own.length === 0 ? (
        <Text>{t('acts.none')}</Text>
      ) : (
        own.map((act) => {
          const key = `legal-acts:acts.${act.act}.${jurisdiction}`;
          const title = t(`${key}.title` as never);
          const role = t(`capacity.${capacityKey(file.data, file.personId, act.act)}` as never);
          return (
            <Card
              key={act.act}
              withBorder
              radius="md"
              padding="lg"
              component="article"
              aria-label={title}
              data-act={act.act}
            >
              <Stack gap="sm">
                <Title order={3} fz="lg">
                  {title}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`${key}.explain` as never)}
                </Text>
                <Blockquote p="sm" color="gray">
                  {/* A given act reads as it was given (the words the server recorded); any other, as it is asked now. */}
                  {act.state === 'given' && act.words
                    ? act.words
                    : t(`${key}.words` as never, { name, role, company })}
                </Blockquote>
                {act.state === 'given' ? (
                  <Text size="sm" c="teal.9" fw={500}>
                    {t('acts.givenOn', { date: act.givenAt ? formatInstantDate(act.givenAt, language) : '' })}
                  </Text>
                ) : null}
                {act.state === 'changed' ? (
                  <Alert
                    color="orange"
                    icon={<IconAlertTriangle aria-hidden="true" />}
                    title={t('acts.changedTitle')}
                  >
                    <Stack gap="xs">
                      <Text size="sm">
                        {t('acts.changedBody', {
                          date: act.givenAt ? formatInstantDate(act.givenAt, language) : '',
                        })}
                      </Text>
                      <ChangedFields act={act} file={file} steps={steps} />
                    </Stack>
                  </Alert>
                ) : null}
                {act.state !== 'given' ? (
                  <Button
                    leftSection={<IconCheck size={16} aria-hidden="true" />}
                    onClick={() => void give(act, digest)}
                    loading={giving === act.act}
                    disabled={stale || (giving !== null && giving !== act.act)}
                    style={{ alignSelf: 'flex-start' }}
                    h="auto"
                    mih={36}
                    py={6}
                    styles={{ label: { whiteSpace: 'normal' } }}
                  >
                    {t(`acts.give.${act.act}`)}
                  </Button>
                ) : null}
              </Stack>
            </Card>
          );
        })
      );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {t('acts.title')}
      </Title>
      <Text c="dimmed">{t('acts.lead')}</Text>
      {given ? (
        <Alert color="teal" role="status">
          {t('acts.recorded')}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert">
          {t(failure as never)}
        </Alert>
      ) : null}
      {body}
    </Stack>
  );
}
