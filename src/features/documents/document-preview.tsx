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
import { displayName } from '@/lib/i18n/display-name';
import {
  fetchDocumentPreview,
  type DocumentLanguage,
  type DocumentPreview,
  type DownloadableSku,
  type PreviewResult,
} from './download-document';
import classes from './document-preview.module.css';

type Block = DocumentPreview['blocks'][number];

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'title':
      return <h2 className={classes.title}>{block.text}</h2>;
    case 'subtitle':
      return <p className={classes.subtitle}>{block.text}</p>;
    case 'heading':
      return block.level === 2 ? (
        <h3 className={classes.heading}>{block.text}</h3>
      ) : (
        <h4 className={classes.subheading}>{block.text}</h4>
      );
    case 'paragraph':
      return <p className={classes.paragraph}>{block.text}</p>;
    case 'note':
      return <p className={classes.note}>{block.text}</p>;
    case 'list':
      return (
        <ul className={classes.list}>
          {block.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    case 'table': {
      const align = (index: number) => block.align[index] ?? 'left';
      return (
        <div className={classes.tableScroll}>
          <table className={classes.table}>
            {block.header.length > 0 ? (
              <thead>
                {block.header.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, index) => (
                      <th key={index} scope="col" style={{ textAlign: align(index) }}>
                        {cell}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
            ) : null}
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} style={{ textAlign: align(index) }}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {block.footer.length > 0 ? (
              <tfoot>
                {block.footer.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, index) => (
                      <td key={index} style={{ textAlign: align(index) }}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tfoot>
            ) : null}
          </table>
        </div>
      );
    }
    case 'signatures':
      return (
        <div className={classes.signatures}>
          {block.signers.map((signer, index) => (
            <div key={index} className={classes.signer}>
              <strong>{signer.name}</strong>
              {signer.role ? <span>{signer.role}</span> : null}
              {signer.note ? <em>{signer.note}</em> : null}
            </div>
          ))}
        </div>
      );
    case 'pageBreak':
      return <hr className={classes.pageBreak} />;
    case 'withheld':
      return <WithheldClause words={block.words} />;
  }
}

/**
 * A standard clause the server did not send (a document not bought): grey lines as long as the
 * clause, named for screen readers. The sentences that hold the founder's answers are all shown.
 */
function WithheldClause({ words }: { words: number }) {
  const { t } = useTranslation('documents');
  // About twelve words a line, as the sheet prints them; a long clause stops at six lines.
  const lines = Math.min(6, Math.max(1, Math.round(words / 12)));
  return (
    <p className={classes.withheld} role="note" aria-label={t('preview.withheld')}>
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          aria-hidden="true"
          className={classes.withheldLine}
          style={{ width: index === lines - 1 && lines > 1 ? '60%' : '100%' }}
        />
      ))}
    </p>
  );
}

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
            <article
              className={classes.sheet}
              data-watermark={t('preview.watermark')}
              lang={result.preview.language}
              aria-label={result.preview.title}
              onCopy={(event) => event.preventDefault()}
              onContextMenu={(event) => event.preventDefault()}
            >
              {result.preview.blocks.map((block, index) => (
                <BlockView key={index} block={block} />
              ))}
            </article>
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
