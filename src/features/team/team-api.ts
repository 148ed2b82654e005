import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { Language } from '@/lib/i18n/languages';
import { endSession } from '@/lib/session/session';

type Schemas = components['schemas'];
export type FileMember = Schemas['FileMember'];
export type FileMemberState = Schemas['FileMemberState'];
export type MemberRole = FileMember['roles'][number];
export type InvitationInfo = Schemas['InvitationInfo'];
export type SharedFileSummary = Schemas['SharedFileSummary'];
export type SharedFile = Schemas['SharedFile'];
export type FileAct = Schemas['FileAct'];
export type FileActKind = Schemas['FileActKind'];
export type FileActList = Schemas['FileActList'];
export type FileValidationError = Schemas['CompanyFileValidationError'];

/** The `code` of a refusal (the contract's Error body), for the page to say it in the user's language. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  const code = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

export const statusOf = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

function required<T>(data: T | undefined): T {
  if (data === undefined) throw new ApiError('Empty answer', 'http');
  return data;
}

/** GET /api/company-file/members: the founder's invitable people and where each stands. */
export async function fetchMembers(signal?: AbortSignal): Promise<FileMember[]> {
  const { data } = await apiClient.GET('/api/company-file/members', { signal });
  return required(data).members;
}

export async function inviteMember(personId: string, email: string, language: Language): Promise<FileMember> {
  const { data } = await apiClient.POST('/api/company-file/members', { body: { personId, email, language } });
  return required(data);
}

export async function resendInvitation(personId: string): Promise<FileMember> {
  const { data } = await apiClient.POST('/api/company-file/members/{personId}/resend', {
    params: { path: { personId } },
  });
  return required(data);
}

export async function revokeMember(personId: string): Promise<void> {
  await apiClient.DELETE('/api/company-file/members/{personId}', { params: { path: { personId } } });
}

/** GET /api/invitations/{token}: public, read before the visitor logs in. */
export async function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  const { data } = await apiClient.GET('/api/invitations/{token}', { params: { path: { token } }, signal });
  return required(data);
}

export async function acceptInvitation(token: string): Promise<SharedFileSummary> {
  const { data } = await apiClient.POST('/api/invitations/{token}/accept', { params: { path: { token } } });
  return required(data);
}

export async function fetchSharedFiles(signal?: AbortSignal): Promise<SharedFileSummary[]> {
  const { data } = await apiClient.GET('/api/shared-files', { signal });
  return required(data);
}

export async function fetchSharedFile(fileId: string, signal?: AbortSignal): Promise<SharedFile> {
  const { data } = await apiClient.GET('/api/company-files/{fileId}', {
    params: { path: { fileId } },
    signal,
  });
  return required(data);
}

export type RecordOutcome =
  | { status: 'saved'; file: SharedFile }
  /** Saved elsewhere meanwhile: the file as it is now. */
  | { status: 'conflict'; file: SharedFile | null }
  /** The change would void signatures already given: asked again with confirmVoidSignatures. */
  | { status: 'voidsSignatures' }
  | { status: 'invalid'; errors: FileValidationError[] };

/** PUT /api/company-files/{fileId}/persons/{personId}: the co-founder's own record. */
export async function saveOwnRecord(
  file: SharedFile,
  person: Record<string, unknown>,
  confirmVoidSignatures: boolean,
): Promise<RecordOutcome> {
  try {
    const { data } = await apiClient.PUT('/api/company-files/{fileId}/persons/{personId}', {
      params: { path: { fileId: file.fileId, personId: file.personId } },
      body: {
        // The contract types the record as an open object (the People step's item).
        person: person as Record<string, never>,
        baseRevision: file.revision,
        ...(confirmVoidSignatures ? { confirmVoidSignatures: true } : {}),
      },
    });
    return { status: 'saved', file: required(data) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
      file?: SharedFile;
      errors?: FileValidationError[];
    };
    if (error.status === 409 && errorCode(error) === 'SIGNATURES_WOULD_BE_VOIDED')
      return { status: 'voidsSignatures' };
    if (error.status === 409) return { status: 'conflict', file: body.file ?? null };
    if (error.status === 422 && Array.isArray(body.errors)) return { status: 'invalid', errors: body.errors };
    throw error;
  }
}

export async function fetchActs(fileId: string, signal?: AbortSignal): Promise<FileActList> {
  const { data } = await apiClient.GET('/api/company-files/{fileId}/acts', {
    params: { path: { fileId } },
    signal,
  });
  return required(data);
}

export async function giveAct(
  fileId: string,
  body: { personId: string; act: FileActKind; digest: string; language: Language },
): Promise<FileActList> {
  const { data } = await apiClient.POST('/api/company-files/{fileId}/acts', {
    params: { path: { fileId } },
    body,
  });
  return required(data);
}

/** DELETE /api/company-files/{fileId}/membership: the co-founder leaves the file. */
export async function leaveFile(fileId: string): Promise<void> {
  await apiClient.DELETE('/api/company-files/{fileId}/membership', { params: { path: { fileId } } });
}

/**
 * Logs out (the session revoked on the server when it can be told) and forgets the token: to come
 * back to an invitation with the account of the address it was sent to.
 */
export async function logOut(): Promise<void> {
  try {
    await apiClient.POST('/api/auth/logout');
  } catch (error) {
    console.error('Logout failed', error);
  } finally {
    endSession();
  }
}
