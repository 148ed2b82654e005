/**
 * A document as the server models it (DocumentPreview's blocks) printed on a sheet of paper: the
 * documents page's preview and the signing page's reading both show it. With `watermark`, a diagonal
 * repeated word (a preview is not the copy to sign) and no selection or copying.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '@/lib/api/schema';
import classes from './document-sheet.module.css';

type DocumentPreview = components['schemas']['DocumentPreview'];

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

/** The blocks of a document on a sheet, labelled by its title and spoken in its language. */
export function DocumentSheet({
  preview,
  watermark,
  children,
}: {
  preview: Pick<DocumentPreview, 'blocks' | 'language' | 'title'>;
  /** The word across a preview; none on a document to read and sign. */
  watermark?: string;
  /** Shown after the last block, inside the sheet (the signing page's end marker). */
  children?: ReactNode;
}) {
  const guarded = watermark !== undefined;
  return (
    <article
      className={guarded ? `${classes.sheet} ${classes.guarded}` : classes.sheet}
      data-watermark={watermark}
      lang={preview.language}
      aria-label={preview.title}
      onCopy={guarded ? (event) => event.preventDefault() : undefined}
      onContextMenu={guarded ? (event) => event.preventDefault() : undefined}
    >
      {preview.blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
      {children}
    </article>
  );
}
