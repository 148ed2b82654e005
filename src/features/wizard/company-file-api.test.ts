import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { companyFileApi } from './company-file-api';
import { DraftRefusedError } from './draft-sync';

const draft = { data: {}, step: 0, baseRevision: 0, version: 1 };

describe('companyFileApi.save', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives up on a draft the server refuses for good (400, 413): kept on the device, not resent in a loop', async () => {
    for (const status of [400, 413]) {
      vi.spyOn(apiClient, 'POST').mockRejectedValueOnce(new ApiError('refused', 'http', status));
      await expect(companyFileApi.save(draft, false)).rejects.toBeInstanceOf(DraftRefusedError);
    }
  });

  it('retries later when the account saved too often (429), as after a lost connection', async () => {
    vi.spyOn(apiClient, 'POST').mockRejectedValueOnce(new ApiError('Too many', 'http', 429));
    const refusal = await companyFileApi.save(draft, false).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).not.toBeInstanceOf(DraftRefusedError);
  });
});

describe('companyFileApi.submit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says when submitting would void the signatures, and resends with the founder’s confirmation', async () => {
    const post = vi.spyOn(apiClient, 'POST').mockRejectedValueOnce(
      new ApiError('Signatures would be voided', 'http', 409, {
        code: 'SIGNATURES_WOULD_BE_VOIDED',
        message: 'Signatures would be voided',
      }),
    );
    expect(await companyFileApi.submit({ companyName: 'Kreo' }, 3)).toEqual({ wouldVoidSignatures: true });
    expect(post).toHaveBeenLastCalledWith('/api/company-file/submit', {
      body: { data: { companyName: 'Kreo' }, version: 3 },
    });

    post.mockResolvedValueOnce({ data: { status: 'submitted' }, response: new Response() } as never);
    await companyFileApi.submit({ companyName: 'Kreo' }, 3, { baseRevision: 7, confirmVoidSignatures: true });
    expect(post).toHaveBeenLastCalledWith('/api/company-file/submit', {
      body: { data: { companyName: 'Kreo' }, version: 3, baseRevision: 7, confirmVoidSignatures: true },
    });
  });

  it('sends the revision the answers started from, and gives back the current file when it changed meanwhile', async () => {
    const current = {
      revision: 8,
      step: 5,
      data: { companyName: 'Kreo', persons: [{ id: 'p2', address: 'Bordeaux' }] },
      status: 'submitted',
      updatedAt: '2026-03-14T09:31:12.000Z',
      submittedAt: '2026-03-14T09:31:12.000Z',
    };
    const post = vi.spyOn(apiClient, 'POST').mockRejectedValueOnce(
      new ApiError('Saved elsewhere', 'http', 409, {
        message: 'The company file was saved elsewhere in the meantime (revision 8)',
        error: 'Conflict',
        code: 'REVISION_CONFLICT',
        file: current,
      }),
    );
    expect(await companyFileApi.submit({ companyName: 'Kreo' }, 3, { baseRevision: 7 })).toEqual({
      conflict: current,
    });
    expect(post).toHaveBeenLastCalledWith('/api/company-file/submit', {
      body: { data: { companyName: 'Kreo' }, version: 3, baseRevision: 7 },
    });
  });

  it('still fails on another conflict', async () => {
    vi.spyOn(apiClient, 'POST').mockRejectedValueOnce(
      new ApiError('Conflict', 'http', 409, { message: 'Conflict' }),
    );
    await expect(companyFileApi.submit({}, 3)).rejects.toBeInstanceOf(ApiError);
  });
});
