/**
 * The signing operations of the contract (tag `signing`), as the pages need them: the signing page,
 * the documents page's signature section and the wizard's notice all read a round through here.
 */
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { attachmentFileName, saveFile } from '@/lib/save-file';

export type SigningState = components['schemas']['SigningState'];
export type SigningRound = components['schemas']['SigningRound'];
export type SigningDocument = components['schemas']['SigningDocument'];
export type SigningReason = components['schemas']['SigningReason'];
export type SigningLanguage = components['schemas']['Language'];
export type SigningPreview = components['schemas']['DocumentPreview'];
export type FileChange = components['schemas']['FileChange'];

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export type SigningStateResult =
  | { status: 'ready'; state: SigningState }
  /** No such file for this account (or no access to it). */
  | { status: 'none' }
  | { status: 'failed' };

/** GET …/signing: the round (or none yet) and, for a new one, what is missing. */
export async function fetchSigningState(fileId: string, signal?: AbortSignal): Promise<SigningStateResult> {
  try {
    const { data } = await apiClient.GET('/api/company-files/{fileId}/signing', {
      params: { path: { fileId } },
      signal,
    });
    return data ? { status: 'ready', state: data } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403))
      return { status: 'none' };
    if (!signal?.aborted) console.warn('The signing round could not be loaded.', error);
    return { status: 'failed' };
  }
}

export type StartResult =
  | { status: 'started'; state: SigningState }
  | { status: 'not-ready'; readiness: SigningReason[] }
  /** A round of the same answers is being signed (or was): the page shows it. */
  | { status: 'already-started' }
  | { status: 'failed' };

/** POST …/signing (the founder): freezes the submitted file and prepares the documents to sign. */
export async function startSigningRound(fileId: string): Promise<StartResult> {
  try {
    const { data } = await apiClient.POST('/api/company-files/{fileId}/signing', {
      params: { path: { fileId } },
    });
    return data ? { status: 'started', state: data } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      if (errorCode(error) === 'ALREADY_STARTED') return { status: 'already-started' };
      const readiness = (error.body as { readiness?: unknown } | undefined)?.readiness;
      if (Array.isArray(readiness)) return { status: 'not-ready', readiness: readiness as SigningReason[] };
    }
    console.warn('The signing round could not be started.', error);
    return { status: 'failed' };
  }
}

export type SigningPreviewResult = { status: 'ready'; preview: SigningPreview } | { status: 'failed' };

/** GET …/documents/{id}/preview: the document to sign (the filing copy), or with `language` its translation. */
export async function fetchSigningPreview(
  fileId: string,
  documentId: string,
  language?: SigningLanguage,
): Promise<SigningPreviewResult> {
  try {
    const { data } = await apiClient.GET(
      '/api/company-files/{fileId}/signing/documents/{documentId}/preview',
      {
        params: { path: { fileId, documentId }, query: language ? { lang: language } : {} },
      },
    );
    return data ? { status: 'ready', preview: data } : { status: 'failed' };
  } catch (error) {
    console.warn('The document to sign could not be loaded.', error);
    return { status: 'failed' };
  }
}

export type SigningDownloadOutcome = 'saved' | 'too-many' | 'failed';

function downloadOutcome(error: unknown, what: string): SigningDownloadOutcome {
  if (error instanceof ApiError && error.status === 429) return 'too-many';
  console.warn(`The ${what} download failed.`, error);
  return 'failed';
}

/** GET …/documents/{id}/pdf: the PDF to sign, or once every signatory signed, the sealed one. */
export async function downloadSigningDocument(
  fileId: string,
  documentId: string,
  fallbackName: string,
): Promise<SigningDownloadOutcome> {
  try {
    const { data, response } = await apiClient.GET(
      '/api/company-files/{fileId}/signing/documents/{documentId}/pdf',
      { params: { path: { fileId, documentId } }, parseAs: 'blob' },
    );
    if (!data) return 'failed';
    saveFile(data, attachmentFileName(response.headers.get('content-disposition'), fallbackName));
    return 'saved';
  } catch (error) {
    return downloadOutcome(error, 'signing document');
  }
}

/** GET …/signing/evidence: the evidence file (who signed what, when, how) of a complete round. */
export async function downloadSigningEvidence(
  fileId: string,
  fallbackName: string,
): Promise<SigningDownloadOutcome> {
  try {
    const { data, response } = await apiClient.GET('/api/company-files/{fileId}/signing/evidence', {
      params: { path: { fileId } },
      parseAs: 'blob',
    });
    if (!data) return 'failed';
    saveFile(data, attachmentFileName(response.headers.get('content-disposition'), fallbackName));
    return 'saved';
  } catch (error) {
    return downloadOutcome(error, 'evidence');
  }
}

export type CodeResult =
  | { status: 'sent'; sentTo: string; expiresAt: string }
  | { status: 'too-many' | 'refused' | 'failed'; code?: string };

/** POST …/signing/code: a six-digit code mailed to the account, valid 10 minutes. */
export async function sendSigningCode(fileId: string, documentIds: string[]): Promise<CodeResult> {
  try {
    const { data } = await apiClient.POST('/api/company-files/{fileId}/signing/code', {
      params: { path: { fileId } },
      body: { documentIds },
    });
    return data ? { status: 'sent', sentTo: data.sentTo, expiresAt: data.expiresAt } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return { status: 'too-many' };
    if (error instanceof ApiError && error.status === 409)
      return { status: 'refused', code: errorCode(error) };
    console.warn('The signing code could not be sent.', error);
    return { status: 'failed' };
  }
}

/** Why a signature was refused, by the server's `code` (the page says each one plainly). */
export const SIGN_REFUSALS = [
  'CODE_INVALID',
  'CODE_EXPIRED',
  'DOCUMENT_NOT_OPEN',
  'ALREADY_SIGNED',
  'SIGNING_VOIDED',
  'NOT_A_SIGNATORY',
] as const;
export type SignRefusal = (typeof SIGN_REFUSALS)[number];

export type SignResult =
  | { status: 'signed'; state: SigningState }
  /** `attemptsLeft`: for a wrong code, when the server's answer says how many remain. */
  | { status: 'refused'; reason: SignRefusal; attemptsLeft?: number }
  | { status: 'failed' };

/** The attempts left after a wrong code (the error's `attemptsLeft`). */
function attemptsLeftOf(error: ApiError): number | undefined {
  const body = error.body as { attemptsLeft?: unknown } | undefined;
  return typeof body?.attemptsLeft === 'number' ? body.attemptsLeft : undefined;
}

/** POST …/signing/signatures: signs the documents named with the mailed code. */
export async function signDocuments(
  fileId: string,
  request: { documentIds: string[]; code: string; language: SigningLanguage },
): Promise<SignResult> {
  try {
    const { data } = await apiClient.POST('/api/company-files/{fileId}/signing/signatures', {
      params: { path: { fileId } },
      body: { ...request, readInFull: true },
    });
    return data ? { status: 'signed', state: data } : { status: 'failed' };
  } catch (error) {
    const code = errorCode(error);
    const reason = SIGN_REFUSALS.find((known) => known === code);
    if (reason && error instanceof ApiError) {
      return reason === 'CODE_INVALID'
        ? { status: 'refused', reason, attemptsLeft: attemptsLeftOf(error) }
        : { status: 'refused', reason };
    }
    console.warn('The documents could not be signed.', error);
    return { status: 'failed' };
  }
}

/** The documents of a round in signing order: the statuts and declarations (rank 1) first. */
export function documentsInOrder(round: SigningRound): SigningDocument[] {
  return [...round.documents].sort((a, b) => a.rank - b.rank);
}
