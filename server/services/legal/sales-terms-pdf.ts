/**
 * The terms of sale as a PDF/A file, attached to the order confirmation e-mail: the durable medium of
 * the contract's terms (C. consom. L. 221-13; Directive 2011/83, art. 8(7); OUG nr. 34/2014, art. 8).
 * The text is the page's (locales/<lang>/pages/sales-terms.md) with the seller's values filled in as
 * the page fills them (static-pages.ts), written by the documents' PDF engine; a link prints its words
 * then its absolute address, since a printed or archived copy cannot be clicked.
 *
 * The version of the terms is the pages' `updated:` date, which the consent of each order records: the
 * three languages must carry the same one, and the server refuses to start when they do not.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseMarkdown, type Block, type Inline, type MarkdownPage } from '../../../src/shared/markdown';
import { printableValue, type DocumentBlock } from '../documents/document-model';
import { writePdfFile } from '../documents/pdf-writer';
import { SERVER_LANGUAGES, translator, type ServerLanguage } from '../i18n';

const localesDir = fileURLToPath(new URL('../../../locales/', import.meta.url));

function readTerms(language: ServerLanguage): MarkdownPage {
  return parseMarkdown(readFileSync(`${localesDir}${language}/pages/sales-terms.md`, 'utf8'));
}

/**
 * The version the three languages' pages share (their `updated:` date); throws, naming each
 * language's date, when one has none or they differ.
 */
export function sharedTermsVersion(pages: Record<ServerLanguage, Pick<MarkdownPage, 'updated'>>): string {
  const dates = SERVER_LANGUAGES.map((language) => [language, pages[language].updated] as const);
  const french = pages.fr.updated;
  if (!french || dates.some(([, date]) => date !== french))
    throw new Error(
      `The terms of sale must carry one "updated:" date in every language (it is their version): ${dates
        .map(([language, date]) => `${language} ${date ?? 'none'}`)
        .join(', ')}`,
    );
  return french;
}

const readVersion = () =>
  sharedTermsVersion({ fr: readTerms('fr'), en: readTerms('en'), ro: readTerms('ro') });

/** Read when the server loads this module: three versions that disagree stop it at start-up. */
const VERSION = readVersion();

/** The terms of sale's version (YYYY-MM-DD), the `updated:` date of locales/<lang>/pages/sales-terms.md. */
export function salesTermsVersion(): string {
  return VERSION;
}

const absolute = (href: string, publicUrl: string) =>
  href.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${href}` : href.replace(/^mailto:/, '');

/** Inline Markdown as the PDF's plain text: values filled in, "words (https://…)" for a link. */
function plain(nodes: Inline[], values: Record<string, string>, publicUrl: string): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'variable') return printableValue(values[node.name] ?? '');
      if (node.kind === 'strong') return plain(node.children, values, publicUrl);
      const words = plain(node.children, values, publicUrl);
      const address = absolute(node.href, publicUrl);
      return words === address ? words : `${words} (${address})`;
    })
    .join('');
}

function termsBlocks(blocks: Block[], values: Record<string, string>, publicUrl: string): DocumentBlock[] {
  return blocks.map((block): DocumentBlock => {
    if (block.kind === 'heading')
      return { kind: 'heading', level: block.level, text: plain(block.children, values, publicUrl) };
    if (block.kind === 'paragraph')
      return { kind: 'paragraph', text: plain(block.children, values, publicUrl) };
    // The document model's lists are bulleted: an ordered list keeps its numbers in the text.
    return {
      kind: 'list',
      items: block.items.map(
        (item, index) => `${block.ordered ? `${index + 1}. ` : ''}${plain(item, values, publicUrl)}`,
      ),
    };
  });
}

const LOCALES: Record<ServerLanguage, string> = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' };

/**
 * The terms of sale of `language` as a PDF/A-2b file, `values` being the seller's identity
 * (config.site.values) and `publicUrl` the site's address, which the links' addresses start with.
 */
export async function renderSalesTermsPdf(
  language: ServerLanguage,
  values: Record<string, string>,
  publicUrl: string,
): Promise<{ filename: string; body: Uint8Array; version: string }> {
  const t = translator(language);
  const page = readTerms(language);
  const version = page.updated ?? VERSION;
  const title = t('info:meta.salesTerms.title');
  const date = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${version}T00:00:00Z`),
  );
  const seller = printableValue(values.publisherName ?? '');
  const blocks: DocumentBlock[] = [
    { kind: 'title', text: title },
    { kind: 'subtitle', text: t('legal-documents:salesTerms.version', { date }) },
    ...(seller
      ? [{ kind: 'note' as const, text: t('legal-documents:salesTerms.seller', { name: seller }) }]
      : []),
    ...termsBlocks(page.blocks, values, publicUrl),
  ];
  const body = await writePdfFile(
    {
      title: `${title} (${version})`,
      ...(seller ? { footerTitle: seller } : {}),
      language,
      // The version's date, not the time of writing: the same terms give the same document.
      createdAt: new Date(`${version}T00:00:00Z`),
      blocks,
      subject: seller ? `${title} · ${seller}` : title,
      keywords: `terms of sale ${version}`,
      creator: 'Kreo terms of sale',
      custom: { TermsVersion: version },
    },
    {
      page: (current, pages) => t('legal-documents:footer.page', { page: current, pages }),
      reference: t('legal-documents:salesTerms.reference', { date }),
    },
  );
  return { filename: `${t('legal-documents:salesTerms.fileName')}-${version}.pdf`, body, version };
}
