/**
 * The one-page checklist of the filing pack (GET /api/documents/pack): what each document of the
 * ZIP is, who signs it, where it goes, and what the pre-filing check left open, in the user's
 * language. Written as PDF/A-2b by the documents' PDF engine, in the worker threads (worker-tasks.ts).
 * Its words are locales/{fr,en,ro}/legal-documents.json `checklist`; a document without its own
 * entries (a document added later) is described by the generic `checklist.other` entries.
 */
import type { FilingProblem } from '../../../src/shared/filing-check';
import { displayParams } from '../../../src/shared/filing-params';
import type { DocumentBlock } from './document-model';
import { writePdfFile } from './pdf-writer';
import { translator, type ServerLanguage } from '../i18n';

export interface ChecklistDocument {
  sku: string;
  /** The document's title, in its language. */
  title: string;
  /** Its name in the ZIP. */
  file: string;
  translation: boolean;
}

export interface ChecklistToRender {
  language: ServerLanguage;
  company: string;
  /** `FR-SARL`. */
  form: string;
  createdAt: Date;
  documents: ChecklistDocument[];
  verdict: 'ready' | 'fix';
  problems: Pick<FilingProblem, 'severity' | 'article' | 'messageKey' | 'params'>[];
}

const K = 'legal-documents:checklist';
/** The problems the page holds beside the table: the rest are counted (the page lists them all). */
const LISTED_PROBLEMS = 8;
const LOCALES: Record<ServerLanguage, string> = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' };

export function checklistBlocks(checklist: ChecklistToRender): { title: string; blocks: DocumentBlock[] } {
  const t = translator(checklist.language);
  const jurisdiction = checklist.form.slice(0, 2);
  const about = (sku: string, part: 'what' | 'signs' | 'where') =>
    t(`${K}.${jurisdiction}.${sku}.${part}`, { defaultValue: t(`${K}.other.${part}`) });
  const title = t(`${K}.title`);
  const filing = checklist.documents.filter((document) => !document.translation);
  const translations = checklist.documents.filter((document) => document.translation);
  const blocks: DocumentBlock[] = [
    { kind: 'title', text: title },
    {
      kind: 'subtitle',
      text: t(`${K}.company`, {
        company: checklist.company,
        date: displayParams(
          { date: checklist.createdAt.toISOString().slice(0, 10) },
          LOCALES[checklist.language],
        ).date,
      }),
    },
    {
      kind: 'table',
      align: ['left', 'left', 'left', 'left'],
      header: [
        [
          t(`${K}.columns.document`),
          t(`${K}.columns.what`),
          t(`${K}.columns.signs`),
          t(`${K}.columns.where`),
        ],
      ],
      rows: filing.map((document) => [
        `${document.title}\n${document.file}`,
        about(document.sku, 'what'),
        about(document.sku, 'signs'),
        about(document.sku, 'where'),
      ]),
      footer: [],
    },
  ];
  if (translations.length > 0)
    blocks.push({
      kind: 'note',
      text: t(`${K}.translations`, { files: translations.map((document) => document.file).join(', ') }),
    });
  blocks.push({ kind: 'heading', level: 2, text: t(`${K}.check.title`) });
  blocks.push({
    kind: 'paragraph',
    text: checklist.verdict === 'ready' ? t(`${K}.check.ready`) : t(`${K}.check.fix`),
  });
  if (checklist.problems.length > 0)
    blocks.push({
      kind: 'list',
      items: checklist.problems.slice(0, LISTED_PROBLEMS).map((problem) => {
        const severity = t(`${K}.severity.${problem.severity}`);
        const message = t(problem.messageKey, displayParams(problem.params, LOCALES[checklist.language]));
        return problem.article ? `${severity} — ${message} (${problem.article})` : `${severity} — ${message}`;
      }),
    });
  if (checklist.problems.length > LISTED_PROBLEMS)
    blocks.push({
      kind: 'paragraph',
      text: t(`${K}.check.more`, { count: checklist.problems.length - LISTED_PROBLEMS }),
    });
  blocks.push({ kind: 'note', text: t(`${K}.note`) });
  if (jurisdiction === 'FR' || jurisdiction === 'RO')
    blocks.push({ kind: 'note', text: t(`${K}.${jurisdiction}.filing`) });
  return { title, blocks };
}

export async function renderChecklistPdf(checklist: ChecklistToRender): Promise<Uint8Array> {
  const t = translator(checklist.language);
  const { title, blocks } = checklistBlocks(checklist);
  return writePdfFile(
    {
      title,
      language: checklist.language,
      createdAt: checklist.createdAt,
      blocks,
      subject: `${title} · ${checklist.company} · ${checklist.form}`,
      keywords: `filing checklist ${checklist.form}`,
      creator: 'Kreo filing pack',
      custom: { Form: checklist.form },
    },
    {
      page: (page, pages) => t('legal-documents:footer.page', { page, pages }),
      reference: checklist.company,
    },
  );
}
