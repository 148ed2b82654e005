import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { downloadInvoice, type InvoiceSummary } from './invoices-api';

const invoice = { id: '00000000-0000-4000-8000-000000000001', number: 'KR-000001' } as InvoiceSummary;

describe('downloadInvoice', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells a busy server (503) or an account with files being written (429) from a failure', async () => {
    const get = vi.spyOn(apiClient, 'GET');
    get.mockRejectedValueOnce(new ApiError('busy', 'http', 503));
    expect(await downloadInvoice(invoice)).toBe('busy');
    get.mockRejectedValueOnce(new ApiError('too many', 'http', 429));
    expect(await downloadInvoice(invoice)).toBe('busy');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    get.mockRejectedValueOnce(new ApiError('gone', 'network'));
    expect(await downloadInvoice(invoice)).toBe('failed');
  });
});
