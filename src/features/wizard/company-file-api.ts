import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { FileData } from './draft-merge';
import { DraftRefusedError, type CompanyFile, type DraftApi, type SaveResult } from './draft-sync';

export type CompanyFileValidationError = components['schemas']['CompanyFileValidationError'];

/**
 * What Complete got: the stored file, the rules the server says are broken, a refusal because the
 * answers differ from the documents being signed (409 SIGNATURES_WOULD_BE_VOIDED, nothing saved), or
 * the current file because it changed since `baseRevision` (409 REVISION_CONFLICT, nothing saved: a
 * co-founder corrected their record, another tab saved).
 */
export type SubmitResult =
  | { submitted: CompanyFile }
  | { invalid: CompanyFileValidationError[] }
  | { wouldVoidSignatures: true }
  | { conflict: CompanyFile };

export interface SubmitOptions {
  /** The revision the answers started from (DraftSync's base): the server refuses a stale one. */
  baseRevision?: number;
  /** The founder agreed that submitting voids the signatures given. */
  confirmVoidSignatures?: boolean;
}

function bodyField<T>(error: ApiError, field: string): T | undefined {
  const body = error.body;
  return typeof body === 'object' && body !== null
    ? ((body as Record<string, unknown>)[field] as T)
    : undefined;
}

export type CompanyFileApi = DraftApi & {
  submit(data: FileData, version: number, options?: SubmitOptions): Promise<SubmitResult>;
};

/** The company-file operations of the contract, as the draft and Complete need them. */
export const companyFileApi: CompanyFileApi = {
  async load() {
    const { data } = await apiClient.GET('/api/company-file');
    if (!data) throw new ApiError('Empty answer', 'http');
    return data;
  },

  async save(draft, keepalive): Promise<SaveResult> {
    try {
      const { data } = await apiClient.POST('/api/company-file/draft', { body: draft, keepalive });
      if (!data) throw new ApiError('Empty answer', 'http');
      return { saved: data };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http') {
        const current = bodyField<CompanyFile>(error, 'file');
        if (error.status === 409 && current) return { conflict: current };
        // Refused for good (too large, malformed): kept on this device, not retried in a loop. Too
        // many saves a minute (429) passes with time: retried later like a lost connection.
        const status = error.status;
        if (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 429)
          throw new DraftRefusedError(error.message);
      }
      throw error;
    }
  },

  async submit(data, version, { baseRevision, confirmVoidSignatures } = {}) {
    try {
      const { data: file } = await apiClient.POST('/api/company-file/submit', {
        body: {
          data,
          version,
          ...(baseRevision === undefined ? {} : { baseRevision }),
          ...(confirmVoidSignatures ? { confirmVoidSignatures } : {}),
        },
      });
      if (!file) throw new ApiError('Empty answer', 'http');
      return { submitted: file };
    } catch (error) {
      const errors =
        error instanceof ApiError && error.status === 422
          ? bodyField<CompanyFileValidationError[]>(error, 'errors')
          : undefined;
      if (Array.isArray(errors)) return { invalid: errors };
      const current = error instanceof ApiError ? bodyField<CompanyFile>(error, 'file') : undefined;
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        bodyField<string>(error, 'code') === 'REVISION_CONFLICT' &&
        current
      )
        return { conflict: current };
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        bodyField<string>(error, 'code') === 'SIGNATURES_WOULD_BE_VOIDED'
      )
        return { wouldVoidSignatures: true };
      throw error;
    }
  },
};
