/**
 * What the signing page says around a round: the legal level of the signature in the file's country
 * (the legal words of legal-acts.json), a voided round's changes, and Romania's qualified path.
 */
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCertificate, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SigningRound } from '@/lib/signing/signing-api';
import { changedFieldLabel, type Jurisdiction } from './file-words';

/** What the signature is worth and where it is accepted, with the articles it rests on. */
export function LegalLevel({ jurisdiction }: { jurisdiction: Jurisdiction }) {
  const { t } = useTranslation('signing');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconScale aria-hidden="true" />}
      title={t(`legal-acts:legalLevel.${jurisdiction}.title` as never)}
    >
      <Stack gap={4}>
        <Text size="sm">{t(`legal-acts:legalLevel.${jurisdiction}.body` as never)}</Text>
        <Text size="xs" c="dimmed">
          {t('legalLevel.sources', { sources: t(`legal-acts:legalLevel.${jurisdiction}.sources` as never) })}
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * A voided round: why (a change of the submitted file, in the wizard's field names; or the documents'
 * wording, changed by an update of Kreo's templates before they were sealed), and what next.
 */
export function VoidedNotice({
  round,
  names,
  founder,
}: {
  round: SigningRound;
  names: Map<string, string>;
  founder: boolean;
}) {
  // The wizard's words name the changed fields.
  const { t, i18n } = useTranslation(['signing', 'wizard']);
  const changes = round.voidedChanges ?? [];
  // One line per field and person: a change of three people's address reads as three lines.
  const lines = [
    ...new Set(
      changes.map((change) => {
        const field = changedFieldLabel(i18n, change.path);
        const person = change.personId ? names.get(change.personId) : undefined;
        return person ? t('voided.changeOf', { field, person }) : field;
      }),
    ),
  ];
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={t('voided.title')}
    >
      <Stack gap="xs">
        <Text size="sm">
          {round.voidedReason === 'documentsChanged' ? t('voided.documentsChanged') : t('voided.body')}
        </Text>
        {lines.length > 0 ? (
          <>
            <Text size="sm" fw={600}>
              {t('voided.changes')}
            </Text>
            <List size="sm">
              {lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </>
        ) : null}
        <Text size="sm">{founder ? t('voided.founder') : t('voided.coFounder')}</Text>
      </Stack>
    </Alert>
  );
}

/** Romania: each signatory signs the prepared PDF with their own qualified certificate, or prints and signs. */
export function QualifiedNotice() {
  const { t } = useTranslation('signing');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconCertificate aria-hidden="true" />}
      title={t('qualified.title')}
    >
      <Stack gap="xs">
        <Text size="sm">{t('qualified.body')}</Text>
        <List type="ordered" size="sm">
          <List.Item>{t('qualified.steps.download')}</List.Item>
          <List.Item>{t('qualified.steps.sign')}</List.Item>
          <List.Item>{t('qualified.steps.pass')}</List.Item>
        </List>
        <Text size="sm">{t('qualified.noCode')}</Text>
        <Text size="sm">{t('qualified.print')}</Text>
      </Stack>
    </Alert>
  );
}
