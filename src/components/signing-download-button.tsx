/**
 * A download button of the signing's files (a document to sign, a sealed one, the evidence file) that
 * says how it went: the signing page and the documents page's Signature section both use it.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigningDownloadOutcome } from '@/lib/signing/signing-api';

function DownloadResult({ outcome }: { outcome: SigningDownloadOutcome | null }) {
  const { t } = useTranslation('signing');
  if (outcome === null) return null;
  if (outcome === 'saved')
    return (
      <Text size="sm" c="brand.8" role="status">
        {t('round.downloaded')}
      </Text>
    );
  return (
    <Text size="sm" c="red.8" role="alert">
      {outcome === 'too-many' ? t('round.tooMany') : t('round.downloadFailed')}
    </Text>
  );
}

/** A download button that says how it went. */
export function SigningDownloadButton({
  label,
  name,
  describedBy,
  download,
  variant = 'light',
}: {
  label: string;
  /** The accessible name when several buttons share a label: it holds the label and the document. */
  name?: string;
  describedBy?: string;
  download: () => Promise<SigningDownloadOutcome>;
  variant?: 'light' | 'filled';
}) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<SigningDownloadOutcome | null>(null);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant={variant}
        loading={pending}
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        aria-label={name}
        aria-describedby={describedBy}
        onClick={() => {
          setPending(true);
          setOutcome(null);
          void download().then((next) => {
            setOutcome(next);
            setPending(false);
          });
        }}
      >
        {label}
      </Button>
      <DownloadResult outcome={outcome} />
    </Stack>
  );
}
