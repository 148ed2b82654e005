/**
 * One document to sign, read in full: the copy in the filing language (the one signed) and, when
 * the reader's language differs, the courtesy translation beside it on a wide screen (below it on a
 * phone). Reaching the end marker of the signed copy counts as having read it to its end.
 */
import { Alert, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentSheet } from '@/components/document-sheet';
import { displayName } from '@/lib/i18n/display-name';
import {
  fetchSigningPreview,
  type SigningDocument,
  type SigningLanguage,
  type SigningPreviewResult,
} from '@/lib/signing/signing-api';
import classes from './signing.module.css';

/** Calls `onSeen` once the element comes into view (at once where the browser cannot tell). */
function useSeen(onSeen: () => void, active: boolean) {
  const marker = useRef<HTMLParagraphElement>(null);
  const seen = useRef(onSeen);
  useEffect(() => {
    seen.current = onSeen;
  });
  useEffect(() => {
    const element = marker.current;
    if (!active || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      seen.current();
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        seen.current();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return marker;
}

function usePreview(
  fileId: string,
  documentId: string,
  language: SigningLanguage | undefined,
  enabled: boolean,
) {
  const [result, setResult] = useState<SigningPreviewResult | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    void fetchSigningPreview(fileId, documentId, language).then((next) => {
      if (current) setResult(next);
    });
    return () => {
      current = false;
    };
  }, [fileId, documentId, language, enabled]);
  return result;
}

function PreviewState({ result }: { result: SigningPreviewResult | null }) {
  const { t } = useTranslation('signing');
  if (result === null) return <Loader size="sm" aria-label={t('sign.loading')} />;
  return (
    <Alert color="red" variant="light" role="alert">
      {t('sign.loadFailed')}
    </Alert>
  );
}

export function DocumentReader({
  fileId,
  document,
  translation,
  endReached,
  onEndReached,
}: {
  fileId: string;
  document: SigningDocument;
  /** The reader's language, when it is not the document's: its courtesy translation shows beside. */
  translation: SigningLanguage | null;
  endReached: boolean;
  onEndReached: () => void;
}) {
  const { t, i18n } = useTranslation('signing');
  const filing = usePreview(fileId, document.id, undefined, true);
  const shownTranslation = usePreview(fileId, document.id, translation ?? undefined, translation !== null);
  const ready = filing?.status === 'ready';
  const marker = useSeen(onEndReached, ready && !endReached);
  const languageName = (code: string) => displayName(i18n.language, 'language', code);

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, md: translation ? 2 : 1 }} spacing="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('sign.filing', { language: languageName(document.language) })}
          </Text>
          {filing?.status === 'ready' ? (
            <DocumentSheet preview={filing.preview}>
              <p ref={marker} className={classes.endMarker} data-end-marker={document.id}>
                {t('sign.end')}
              </p>
            </DocumentSheet>
          ) : (
            <PreviewState result={filing} />
          )}
        </Stack>
        {translation ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('sign.translation', { language: languageName(translation) })}
            </Text>
            {shownTranslation?.status === 'ready' ? (
              <DocumentSheet preview={shownTranslation.preview} />
            ) : (
              <PreviewState result={shownTranslation} />
            )}
          </Stack>
        ) : null}
      </SimpleGrid>
      <Text size="sm" c={endReached ? 'brand.8' : 'dimmed'} role="status" className={classes.readState}>
        {endReached ? <IconCircleCheck size={16} aria-hidden="true" /> : null}
        {endReached ? t('sign.endReached') : t('sign.endNotReached')}
      </Text>
    </Stack>
  );
}
