/**
 * The documents of a round in signing order, each with its signatories and who has signed, its
 * SHA-256 and its PDF (the sealed one once everyone signed); the evidence file once the round is
 * complete. The signing page and, in short, the documents page show it.
 */
import { Alert, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconCircleCheck, IconClock, IconLock } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SigningDownloadButton } from '@/components/signing-download-button';
import {
  documentsInOrder,
  downloadSigningDocument,
  downloadSigningEvidence,
  type SigningDocument,
  type SigningRound,
} from '@/lib/signing/signing-api';
import { longDate } from './file-words';
import classes from './signing.module.css';

function DocumentCard({
  fileId,
  document,
  personId,
}: {
  fileId: string;
  document: SigningDocument;
  personId: string;
}) {
  const { t, i18n } = useTranslation('signing');
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="md" id={titleId}>
            {document.title}
          </Title>
          {document.sealed ? (
            <Badge
              color="green"
              variant="light"
              leftSection={<IconCircleCheck size={12} aria-hidden="true" />}
            >
              {t('round.sealed')}
            </Badge>
          ) : null}
        </Group>
        {!document.open && !document.sealed ? (
          <Text size="sm" c="dimmed" className={classes.readState}>
            <IconLock size={14} aria-hidden="true" />
            {t('round.rank2')}
          </Text>
        ) : null}
        <List
          spacing={2}
          size="sm"
          listStyleType="none"
          aria-label={t('round.signatories', { document: document.title })}
        >
          {document.signatories.map((signatory) => (
            <List.Item
              key={signatory.personId}
              icon={
                signatory.signedAt ? (
                  <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden="true" />
                ) : (
                  <IconClock size={16} color="var(--mantine-color-gray-6)" aria-hidden="true" />
                )
              }
            >
              {t('round.signatoryLine', {
                name:
                  signatory.personId === personId ? t('round.you', { name: signatory.name }) : signatory.name,
                role: signatory.role,
                status: signatory.signedAt
                  ? t('round.signedAt', { date: longDate(signatory.signedAt, i18n.language) })
                  : t('round.notSigned'),
              })}
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {document.sealed && document.sealedSha256 ? t('round.sealedSha256') : t('round.sha256')}
        </Text>
        <Text className={classes.hash}>
          {document.sealed && document.sealedSha256 ? document.sealedSha256 : document.sha256}
        </Text>
        <SigningDownloadButton
          label={document.sealed ? t('round.downloadSigned') : t('round.download')}
          name={t(document.sealed ? 'round.downloadSignedOf' : 'round.downloadOf', {
            document: document.title,
          })}
          download={() => downloadSigningDocument(fileId, document.id, `${document.sku.toLowerCase()}.pdf`)}
        />
      </Stack>
    </Card>
  );
}

/** The evidence file's download, for a complete round. */
export function EvidenceDownload({ fileId }: { fileId: string }) {
  const { t } = useTranslation('signing');
  const noteId = useId();
  return (
    <Alert color="green" variant="light" icon={<IconCertificate aria-hidden="true" />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" id={noteId}>
          {t('round.evidenceNote')}
        </Text>
        <SigningDownloadButton
          variant="filled"
          label={t('round.evidence')}
          describedBy={noteId}
          download={() => downloadSigningEvidence(fileId, 'evidence.pdf')}
        />
      </Stack>
    </Alert>
  );
}

export function RoundDocuments({
  fileId,
  round,
  personId,
}: {
  fileId: string;
  round: SigningRound;
  personId: string;
}) {
  const { t, i18n } = useTranslation('signing');
  return (
    <Stack gap="sm" component="section" aria-label={t('round.title')}>
      <Group gap="sm">
        <Title order={2} fz="h3">
          {t('round.title')}
        </Title>
        <Badge color={round.status === 'complete' ? 'green' : round.status === 'voided' ? 'red' : 'blue'}>
          {t(`round.status.${round.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('round.startedAt', { date: longDate(round.startedAt, i18n.language) })}
      </Text>
      {documentsInOrder(round).map((document) => (
        <DocumentCard key={document.id} fileId={fileId} document={document} personId={personId} />
      ))}
    </Stack>
  );
}
