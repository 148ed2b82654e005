import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { formatPrice } from '@/lib/catalog/format-price';
import { attachmentFileName, saveFile } from '@/lib/save-file';

export type InvoiceSummary = components['schemas']['InvoiceSummary'];

/** GET /api/invoices: the user's invoices and credit notes, newest first. */
export async function fetchInvoices(): Promise<InvoiceSummary[]> {
  const { data } = await apiClient.GET('/api/invoices');
  return data?.invoices ?? [];
}

/**
 * GET /api/invoices/{invoiceId}: the PDF, handed to the browser's downloads. `busy`: the server's
 * writers are busy or this account has files being written (503, 429): a moment later will do.
 */
export async function downloadInvoice(invoice: InvoiceSummary): Promise<'saved' | 'busy' | 'failed'> {
  try {
    const { data, response } = await apiClient.GET('/api/invoices/{invoiceId}', {
      params: { path: { invoiceId: invoice.id } },
      parseAs: 'blob',
    });
    if (!data) return 'failed';
    saveFile(data, attachmentFileName(response.headers.get('content-disposition'), `${invoice.number}.pdf`));
    return 'saved';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 503 || error.status === 429)) return 'busy';
    console.warn('The invoice download failed.', error);
    return 'failed';
  }
}

/** An amount in cents as the catalog's prices are written ("42 €", "€42", "19,90 €"). */
export function formatCents(cents: number, currency: string, language: string): string {
  return formatPrice(cents / 100, language, currency);
}
