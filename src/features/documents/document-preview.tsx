/**
 * A document as the server builds it from the current answers, shown before paying: the same
 * templates as the PDF and Word files, under a "Preview" watermark. Before a document is bought,
 * the server sends only the sentences that hold the founder's answers, the headings, tables and
 * signatures: its standard clauses come as `withheld` blocks. Copying and printing are discouraged
 * (the watermark, no selection, nothing printed): the signed copy is the downloaded one.
 */
import { Alert, Anchor, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DocumentSheet } from '@/components/document-sheet';
import { displayName } from '@/lib/i18n/display-name';
import {
  fetchDocumentPreview,
  type DocumentLanguage,
  type DownloadableSku,
  type PreviewResult,
} from './download-document';

/**
 * The preview of `sku` in a dialog; `unlock` says how to get the files (a plan, or the downloads).
 * With a courtesy translation in the interface language, it opens on the translation and switches
 * to the official copy.
 */
export function DocumentPreviewModal({
  sku,
  title,
  opened,
  onClose,
  unlock,
  filingLanguage,
  translation,
}: {
  sku: DownloadableSku;
  title: string;
  opened: boolean;
  onClose: () => void;
  unlock: ReactNode;
  filingLanguage: DocumentLanguage | null;
  translation: DocumentLanguage | null;
}) {
  const { t, i18n } = useTranslation('documents');
  const [result, setResult] = useState<PreviewResult | null>(null);
  const [showFiling, setShowFiling] = useState(false);
  const language = translation && !showFiling ? translation : undefined;

  useEffect(() => {
    if (!opened) return;
    let current = true;
    void fetchDocumentPreview(sku, language).then((next) => {
      if (current) setResult(next);
    });
    return () => {
      current = false;
    };
  }, [opened, sku, language]);

  const languageName = (code: string) => displayName(i18n.language, 'language', code);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        // The next opening shows the loader, then the answers as they are by then.
        setResult(null);
        onClose();
      }}
      size="xl"
      title={t('preview.dialogTitle', { document: title })}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" p="sm">
          <Text size="sm">{t('preview.notice')}</Text>
          {result?.status === 'ready' && !result.preview.complete ? (
            <Text size="sm" mt={4}>
              {t('preview.withheldNotice')}
            </Text>
          ) : null}
        </Alert>
        {unlock}
        {translation && filingLanguage ? (
          <SegmentedControl
            aria-label={t('preview.languageChoice')}
            value={showFiling ? 'filing' : 'translation'}
            onChange={(value) => {
              setResult(null);
              setShowFiling(value === 'filing');
            }}
            data={[
              {
                value: 'translation',
                label: t('preview.translation', { language: languageName(translation) }),
              },
              { value: 'filing', label: t('preview.filing', { language: languageName(filingLanguage) }) },
            ]}
          />
        ) : null}
        {result === null ? (
          <Loader aria-label={t('preview.loading')} />
        ) : result.status === 'ready' ? (
          <>
            {result.preview.translation ? (
              <Text size="sm" fw={500}>
                {t('copies.translationNote', { language: languageName(result.preview.filingLanguage) })}
              </Text>
            ) : null}
            <DocumentSheet preview={result.preview} watermark={t('preview.watermark')} />
          </>
        ) : (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">
              {result.status === 'unprintable' ? result.message : t(`preview.errors.${result.status}`)}
            </Text>
            {result.status === 'not-started' || result.status === 'unprintable' ? (
              <Anchor component={Link} to={paths.wizard} size="sm" fw={600}>
                {t('download.openWizard')}
              </Anchor>
            ) : null}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
