/**
 * The documents page's "Signature" section: where the signature of the file's documents stands, a
 * link to the signing page, and once everyone signed, the signed documents and the evidence file.
 */
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SigningDownloadButton } from '@/components/signing-download-button';
import { signPath } from '@/config/paths';
import {
  documentsInOrder,
  downloadSigningDocument,
  downloadSigningEvidence,
  fetchSigningState,
  type SigningStateResult,
} from '@/lib/signing/signing-api';

export function SigningSection({ fileId }: { fileId: string }) {
  // Its words load beside the page's, without suspending the page that is already shown.
  const { t, ready } = useTranslation('signing', { useSuspense: false });
  const titleId = useId();
  const [result, setResult] = useState<SigningStateResult | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSigningState(fileId, controller.signal).then((next) => {
      if (!controller.signal.aborted) setResult(next);
    });
    return () => controller.abort();
  }, [fileId]);

  // Nothing to say while loading or when the round cannot be read: the rest of the page stands alone.
  if (!ready || result?.status !== 'ready') return null;
  const round = result.state.round;
  const complete = round?.status === 'complete' ? round : null;
  let summary: string;
  if (!round) summary = t('documents.none');
  else if (round.status === 'voided') summary = t('documents.voided');
  else if (complete) summary = t('documents.complete');
  else if (round.mode === 'qualified') summary = t('documents.openQualified');
  else
    summary = t('documents.open', {
      signed: round.documents.filter((document) => document.sealed).length,
      total: round.documents.length,
    });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconSignature size={28} aria-hidden="true" />
          <Title order={2} fz="lg" id={titleId}>
            {t('documents.title')}
          </Title>
        </Group>
        <Text size="sm">{summary}</Text>
        {complete ? (
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('documents.signedTitle')}
            </Title>
            {documentsInOrder(complete).map((document) => (
              <Group key={document.id} gap="sm" justify="space-between">
                <Text size="sm" fw={500}>
                  {document.title}
                </Text>
                <SigningDownloadButton
                  label={t('round.downloadSigned')}
                  name={t('round.downloadSignedOf', { document: document.title })}
                  download={() =>
                    downloadSigningDocument(fileId, document.id, `${document.sku.toLowerCase()}.pdf`)
                  }
                />
              </Group>
            ))}
            <Text size="sm" c="dimmed">
              {t('round.evidenceNote')}
            </Text>
            <SigningDownloadButton
              label={t('round.evidence')}
              download={() => downloadSigningEvidence(fileId, 'evidence.pdf')}
            />
          </Stack>
        ) : null}
        <Anchor component={Link} to={signPath(fileId)} fw={600}>
          {t('documents.link')}
        </Anchor>
      </Stack>
    </Card>
  );
}
