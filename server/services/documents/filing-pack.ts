/**
 * The pre-filing check (GET /api/documents/filing-check) and the whole pack in one ZIP
 * (GET /api/documents/pack).
 *
 * The check runs src/shared/filing-check.ts on the last submitted file (what the documents are
 * written from) or on the draft, adds the wizard's own rules of each step (the step validators the
 * server checks submissions with: a draft may be incomplete, a file may have been submitted under
 * older rules) where no cross-step rule already names the field, and says in which step each field is.
 *
 * The pack holds every document the user bought that has a template for the file's legal form, in
 * the filing language, named as each download is, the courtesy translations in `lang` when it is
 * not the filing language, and a one-page checklist (filing-checklist.ts). Once every signatory signed
 * them online (issue 35), the sealed PDFs replace the unsigned filing copies, with the round's evidence
 * file (certificat-de-signature.pdf, certificat-semnaturi.pdf). Documents are written
 * by the renderer (the worker pool) one after the other, so that one pack never takes every thread;
 * each file of the pack counts as one download against the account's limit. fflate stores the
 * files as they are (PDF and DOCX are compressed already).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { ErrorObject } from 'ajv';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import { checkFiling, type FilingProblem } from '../../../src/shared/filing-check';
import type { LegalForm } from '../../../src/shared/jurisdictions';
import type { components } from '../../../src/lib/api/schema';
import type { Database } from '../../db/database';
import { purchases, users } from '../../db/schema';
import type { RateLimitRule, RateLimiter } from '../rate-limiter';
import type { ServerLanguage } from '../i18n';
import { DOCUMENT_SKUS, type DocumentBuilder, type DocumentSku } from './build-document';
import { inlineRenderer, type DocumentRenderer } from './document-renderer';
import { notApplicableReason } from './applicability';
import { DocumentError, produced, type SignedPack } from './document-service';
import { renderChecklistPdf, type ChecklistDocument, type ChecklistToRender } from './filing-checklist';
import type { DocumentFormat } from './write-document';

export type FilingCheck = components['schemas']['FilingCheck'];
export type FilingCheckSource = FilingCheck['source'];
type ApiProblem = components['schemas']['FilingProblem'];

/** A step of the wizard as the server checks files with it (company-files.ts: WizardStep). */
export interface CheckedStep {
  id: string;
  fields: readonly string[];
  validate: { (data: unknown): boolean; errors?: ErrorObject[] | null };
}

export interface FilingPackDeps {
  db: Database;
  builder: DocumentBuilder;
  renderer?: DocumentRenderer;
  /** Writes the checklist's PDF: the worker pool in the server, this thread when absent. */
  writeChecklist?: (checklist: ChecklistToRender, owner: string) => Promise<Uint8Array>;
  submittedData: (userId: string) => Promise<Record<string, unknown> | null>;
  currentData: (userId: string) => Promise<Record<string, unknown>>;
  /** The steps of a legal form (the chooser first). */
  stepsOf: (form: LegalForm) => readonly CheckedStep[];
  boundsProblem?: (data: Record<string, unknown>) => string | null;
  limits?: { limiter: RateLimiter; downloads: RateLimitRule };
  /** The clock (tests fix it). */
  now?: () => Date;
  /** The signed documents of the submitted file's complete signing round (issue 35), or null. */
  signedPack?: (userId: string, data: Record<string, unknown>) => Promise<SignedPack | null>;
}

/**
 * Today as the check counts it: the latest date already begun somewhere (UTC+14), as the wizard's
 * `notAfterToday` does on the server, so that a founder east of Greenwich is never told their
 * today's date is in the future.
 */
export function checkDay(now: Date): string {
  return new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}

/** `/subscribers/2/paidAmount` → field `subscribers.paidAmount`, item 2. */
function fieldOfError(error: ErrorObject): { field: string; item?: number } | null {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string')
    segments.push(error.params.missingProperty);
  const names = segments.filter((segment) => !/^\d+$/.test(segment));
  if (names.length === 0) return null;
  const position = segments.findIndex((segment) => /^\d+$/.test(segment));
  return { field: names.join('.'), ...(position >= 0 ? { item: Number(segments[position]) } : {}) };
}

/** The contract's zip name per language: the pack is a "dossier" in France, a "dosar" in Romania. */
const PACK_NAMES: Record<ServerLanguage, string> = { fr: 'dossier', en: 'filing-pack', ro: 'dosar' };
const CHECKLIST_NAMES: Record<ServerLanguage, string> = {
  fr: 'liste-de-controle',
  en: 'checklist',
  ro: 'lista-de-verificare',
};

export function createFilingPackService({
  db,
  builder,
  renderer = inlineRenderer(builder),
  writeChecklist = (checklist) => renderChecklistPdf(checklist),
  submittedData,
  currentData,
  stepsOf,
  boundsProblem = () => null,
  limits,
  now = () => new Date(),
  signedPack = () => Promise.resolve(null),
}: FilingPackDeps) {
  const ownedDocuments = async (userId: string): Promise<DocumentSku[]> => {
    const rows = await db
      .select({ sku: purchases.productSku })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), inArray(purchases.productSku, [...DOCUMENT_SKUS])));
    const owned = new Set(rows.map((row) => row.sku));
    return DOCUMENT_SKUS.filter((sku) => owned.has(sku));
  };

  /** The problems of a file of `form`: the cross-step rules, then each step's first other error. */
  function problemsOf(data: Record<string, unknown>, form: LegalForm, today: string): FilingCheck {
    const steps = stepsOf(form);
    const stepOf = (field: string) => {
      const top = field.split('.')[0] ?? '';
      return steps.find((step) => step.fields.includes(top))?.id ?? null;
    };
    const result = checkFiling(data, form, { today });
    const named = new Set(result.problems.map((problem) => problem.field));
    const withStep = (problem: FilingProblem): ApiProblem => ({ ...problem, step: stepOf(problem.field) });
    const stepProblems: ApiProblem[] = [];
    for (const step of steps) {
      if (step.validate(data)) continue;
      const first = (step.validate.errors ?? [])
        .map(fieldOfError)
        .find((found) => found !== null && !named.has(found.field));
      if (!first) continue;
      stepProblems.push({
        rule: 'wizardStep',
        severity: 'blocking',
        article: null,
        messageKey: 'documents:filingCheck.rules.wizardStep',
        params: { count: step.validate.errors?.length ?? 1 },
        step: step.id,
        ...first,
      });
    }
    const problems = [
      ...result.problems.filter((problem) => problem.severity === 'blocking').map(withStep),
      ...stepProblems,
      ...result.problems.filter((problem) => problem.severity === 'warning').map(withStep),
    ];
    return {
      source: 'submitted',
      legalForm: form.id,
      checkedOn: today,
      verdict: problems.some((problem) => problem.severity === 'blocking') ? 'fix' : 'ready',
      problems,
    };
  }

  return {
    async check(userId: string, source: FilingCheckSource): Promise<FilingCheck> {
      if (source === 'submitted') {
        const [owned, data] = await Promise.all([ownedDocuments(userId), submittedData(userId)]);
        if (owned.length === 0) throw new DocumentError(403, 'Your purchases include no document');
        const form = data ? builder.formOf(data) : undefined;
        if (!data || !form)
          throw new DocumentError(409, 'Submit your company file before checking it for filing');
        return { ...problemsOf(data, form, checkDay(now())), source };
      }
      const data = await currentData(userId);
      const form = builder.formOf(data);
      if (!form) throw new DocumentError(409, 'Choose your legal form before checking your company file');
      return { ...problemsOf(data, form, checkDay(now())), source };
    },

    /** The ZIP: its file name and bytes. */
    async pack(
      userId: string,
      format: DocumentFormat,
      language?: ServerLanguage,
    ): Promise<{ filename: string; body: Buffer }> {
      const [[user], owned, data] = await Promise.all([
        db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
        ownedDocuments(userId),
        submittedData(userId),
      ]);
      if (!user) throw new DocumentError(401, 'Unknown user');
      if (owned.length === 0) throw new DocumentError(403, 'Your purchases include no document');
      if (!data) throw new DocumentError(409, 'Submit your company file before downloading your documents');
      const bounds = boundsProblem(data);
      if (bounds) throw new DocumentError(422, bounds);
      const form = builder.formOf(data);
      if (!form) throw new DocumentError(422, 'The company file has no legal form with templates');
      const formId = `${form.jurisdiction}-${form.code}`;
      const filingLanguage = form.filingLanguage as ServerLanguage;
      const translation = language && language !== filingLanguage ? language : undefined;

      const files: Record<string, Uint8Array> = {};
      const listed: ChecklistDocument[] = [];
      let company = '';
      const add = async (sku: DocumentSku, lang?: ServerLanguage) => {
        const result = await renderer.file(
          { sku, data, format, ...(lang ? { language: lang } : {}) },
          userId,
        );
        const document = produced(result);
        company = document.company;
        const name = `${[document.fileName, asciiSlug(document.company)].filter(Boolean).join('-')}.${format}`;
        files[name] = document.body;
        listed.push({ sku, title: document.title, file: name, translation: lang !== undefined });
      };
      const languagesOf = (sku: DocumentSku) => builder.languagesOf(sku, formId);
      // Only what the answers call for: no proof of a seat the company does not have (applicability.ts).
      const called = owned.filter((sku) => notApplicableReason(sku, data, form) === null);
      const planned: { sku: DocumentSku; lang?: ServerLanguage }[] = [
        ...called.filter((sku) => languagesOf(sku).includes(filingLanguage)).map((sku) => ({ sku })),
        ...(translation
          ? called
              .filter((sku) => languagesOf(sku).includes(translation))
              .map((sku) => ({ sku, lang: translation }))
          : []),
      ];
      if (planned.length === 0)
        throw new DocumentError(422, `No template for the documents bought of a ${formId} company`);
      // Each file of the pack counts as a download: a pack is no way around the account's limit.
      if (limits)
        for (let count = 0; count < planned.length; count += 1)
          await limits.limiter.enforce(`account:documents-downloads:${userId}`, limits.downloads);
      // Signed online (issue 35): the sealed PDFs take the place of the unsigned filing copies.
      const signed = format === 'pdf' ? await signedPack(userId, data) : null;
      // A document of one declaration per manager is signed as one document per declarant: all of them.
      const sealedOf = (sku: DocumentSku, lang?: ServerLanguage) =>
        lang ? [] : (signed?.documents.filter((document) => document.sku === sku) ?? []);
      // One after the other: a pack never holds more than one of the pool's threads.
      for (const { sku, lang } of planned) {
        const sealed = sealedOf(sku, lang);
        if (sealed.length === 0) {
          await add(sku, lang);
          continue;
        }
        for (const document of sealed) {
          files[document.fileName] = document.body;
          listed.push({ sku, title: document.title, file: document.fileName, translation: false });
        }
      }
      if (signed) files[signed.evidence.fileName] = signed.evidence.body;
      if (!company && typeof data.companyName === 'string') company = data.companyName.trim();

      const checkLanguage = translation ?? filingLanguage;
      const check = problemsOf(data, form, checkDay(now()));
      const named = (base: string) => [base, asciiSlug(company)].filter(Boolean).join('-');
      const checklistName = `${named(CHECKLIST_NAMES[checkLanguage])}.pdf`;
      files[checklistName] = await writeChecklist(
        {
          language: checkLanguage,
          company,
          form: formId,
          createdAt: now(),
          documents: listed,
          verdict: check.verdict,
          problems: check.problems,
        },
        userId,
      );
      // Stored, not deflated: PDF and DOCX files are compressed already.
      const zipped = zipSync(
        Object.fromEntries(
          Object.entries(files).map(([name, body]) => [name, [body, { level: 0, mtime: now() }] as const]),
        ),
      );
      return {
        filename: `${named(PACK_NAMES[checkLanguage])}.zip`,
        body: Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength),
      };
    },
  };
}

export type FilingPackService = ReturnType<typeof createFilingPackService>;
