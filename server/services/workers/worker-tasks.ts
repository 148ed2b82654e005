/**
 * What the worker threads do (worker-pool.ts): the work whose cost grows with what a user sent —
 * a document built and written (preview or download), an invoice or the terms of sale written, a
 * logo decoded and re-encoded — so that the event loop only waits for the answer. One module, loaded once per
 * thread; the builder reads its templates at the first task.
 */
import { workerData } from 'node:worker_threads';
import type { CaenClass, LegalForm } from '../../../src/shared/jurisdictions';
import { createDocumentBuilder, type DocumentBuilder } from '../documents/build-document';
import {
  renderFile,
  renderPreview,
  type FileRequest,
  type PreviewRequest,
  type Rendered,
  type RenderedFile,
} from '../documents/document-renderer';
import { renderChecklistPdf, type ChecklistToRender } from '../documents/filing-checklist';
import { renderInvoicePdf, type InvoiceToRender } from '../invoices/invoice-pdf';
import { renderEvidencePdf, type EvidenceLanguage, type SigningEvidence } from '../signing/evidence-pdf';
import { renderSalesTermsPdf } from '../legal/sales-terms-pdf';
import type { ServerLanguage } from '../i18n';
import { LogoRefused, processLogo, type LogoRefusal, type LogoVariant } from '../website/logo-images';
import { PhotoRefused, processPhoto, type PhotoRefusal, type PhotoVariant } from '../website/photo-images';

/** What every thread is given at its start. */
export interface WorkerSetup {
  legalForms: LegalForm[];
  caenClasses: CaenClass[];
  /** The repository root whose schemas/documents/ holds the templates (tests point it at a copy). */
  root?: string;
}

export type WorkerTask =
  | ({ kind: 'preview' } & PreviewRequest)
  | ({ kind: 'file' } & FileRequest)
  | { kind: 'invoice'; invoice: InvoiceToRender }
  | { kind: 'checklist'; checklist: ChecklistToRender }
  /** The terms of sale attached to an order's confirmation (legal/sales-terms-pdf.ts). */
  | { kind: 'salesTerms'; language: ServerLanguage; values: Record<string, string>; publicUrl: string }
  | { kind: 'logo'; bytes: Uint8Array }
  /** A gallery photo (website/photo-images.ts). */
  | { kind: 'photo'; bytes: Uint8Array }
  /** The evidence file of a complete signing round (signing/evidence-pdf.ts). */
  | { kind: 'evidence'; evidence: SigningEvidence; language: EvidenceLanguage };

export type LogoOutcome = { ok: true; variants: LogoVariant[] } | { ok: false; refusal: LogoRefusal };
export type PhotoOutcome = { ok: true; variants: PhotoVariant[] } | { ok: false; refusal: PhotoRefusal };

export interface WorkerResults {
  /** The preview's JSON text. */
  preview: Rendered<string>;
  file: Rendered<RenderedFile>;
  invoice: { filename: string; body: Uint8Array };
  /** The filing pack's checklist, a PDF. */
  checklist: Uint8Array;
  salesTerms: { filename: string; body: Uint8Array; version: string };
  logo: LogoOutcome;
  photo: PhotoOutcome;
  /** A PDF/A. */
  evidence: Uint8Array;
}

export type ResultOf<T extends WorkerTask> = WorkerResults[T['kind']];

let builder: DocumentBuilder | undefined;
const documentBuilder = () => {
  const setup = workerData as WorkerSetup;
  return (builder ??= createDocumentBuilder({
    legalForms: setup.legalForms,
    caenClasses: setup.caenClasses,
    ...(setup.root ? { root: setup.root } : {}),
  }));
};

export async function runTask(task: WorkerTask): Promise<WorkerResults[WorkerTask['kind']]> {
  switch (task.kind) {
    case 'preview':
      return renderPreview(documentBuilder(), task);
    case 'file':
      return renderFile(documentBuilder(), task);
    case 'invoice':
      return renderInvoicePdf(task.invoice);
    case 'checklist':
      return renderChecklistPdf(task.checklist);
    case 'salesTerms':
      return renderSalesTermsPdf(task.language, task.values, task.publicUrl);
    case 'evidence':
      return renderEvidencePdf(task.evidence, task.language);
    case 'logo':
      try {
        return { ok: true, variants: await processLogo(task.bytes) };
      } catch (error) {
        // A refusal is an answer (400/413), not a failure: said as such across the thread.
        if (error instanceof LogoRefused) return { ok: false, refusal: error.code };
        throw error;
      }
    case 'photo':
      try {
        return { ok: true, variants: await processPhoto(task.bytes) };
      } catch (error) {
        if (error instanceof PhotoRefused) return { ok: false, refusal: error.code };
        throw error;
      }
  }
}

export default runTask;
