/**
 * An invoice or credit note as blocks for the legal documents' PDF engine (PDF/A-2b, fonts
 * embedded), in the language it was issued in. What it prints, for France (Code général des
 * impôts, annexe II, art. 242 nonies A; Code de commerce, art. L. 441-9 and R. 123-237) and
 * Romania (Codul fiscal, art. 319 alin. (20)): number, date of issue, date of the sale, seller
 * (name, legal form and capital, address, registration, VAT number), buyer (name, address), the
 * line with its unit price excluding VAT, the VAT rate, the totals excluding VAT, of VAT and
 * including VAT, the payment, and for a credit note the invoice it cancels.
 */
import { printableValue, type DocumentBlock } from '../documents/document-model';
import { unprintableCharacters, writePdfFile } from '../documents/pdf-writer';
import { translator, type ServerLanguage } from '../i18n';
import type { InvoiceContent } from './invoice-service';

export interface InvoiceToRender {
  number: string;
  kind: 'invoice' | 'creditNote';
  language: ServerLanguage;
  issuedAt: Date;
  content: InvoiceContent;
  vatRateBasisPoints: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  currency: string;
}

const LOCALES: Record<ServerLanguage, string> = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' };

/**
 * A buyer's name or address as the invoice prints it: without invisible or direction-changing
 * characters, and with "?" for a character the fonts cannot draw. An invoice is issued whatever
 * the name (a legal document is refused instead): PDF/A forbids the empty box (ISO 19005-2, 6.2.11.8).
 */
function printable(text: string): string {
  const clean = printableValue(text);
  const missing = new Set(unprintableCharacters(clean));
  return missing.size === 0
    ? clean
    : [...clean].map((character) => (missing.has(character) ? '?' : character)).join('');
}

export function invoiceBlocks(invoice: InvoiceToRender): { title: string; blocks: DocumentBlock[] } {
  const t = translator(invoice.language);
  const locale = LOCALES[invoice.language];
  const { content } = invoice;
  const money = (cents: number) =>
    // "8,33 €" in every language (ro-RO would write "8,33 EUR").
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: invoice.currency,
      currencyDisplay: 'narrowSymbol',
    }).format(cents / 100);
  const date = (iso: string | Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    invoice.vatRateBasisPoints / 10_000,
  );
  const seller = content.seller;
  const mark = (field: string, value: string) =>
    seller.examples.includes(field) ? t('invoices:example', { value }) : value;
  const title = content.test
    ? t('invoices:testTitle', { title: t(`invoices:title.${invoice.kind}`) })
    : t(`invoices:title.${invoice.kind}`);
  const unitNet = invoice.netCents;

  const blocks: DocumentBlock[] = [
    { kind: 'title', text: title },
    { kind: 'subtitle', text: t('invoices:number', { number: invoice.number }) },
    ...(content.test ? [{ kind: 'note' as const, text: t('invoices:testNote') }] : []),
    { kind: 'paragraph', text: t('invoices:issuedOn', { date: date(invoice.issuedAt) }) },
    {
      kind: 'paragraph',
      text:
        invoice.kind === 'invoice'
          ? t('invoices:paidOn', { date: date(content.paidAt) })
          : t('invoices:refundedOn', { date: date(content.paidAt) }),
    },
    { kind: 'heading', level: 2, text: t('invoices:seller') },
    {
      kind: 'table',
      align: ['left', 'left'],
      header: [],
      rows: [
        [t('invoices:fields.name'), mark('name', seller.name)],
        [
          t('invoices:fields.legalForm'),
          `${mark('legalForm', seller.legalForm)}, ${mark('capital', seller.capital)}`,
        ],
        [t('invoices:fields.address'), mark('address', seller.address)],
        [t('invoices:fields.registration'), mark('registration', seller.registration)],
        [t('invoices:fields.vat'), mark('vat', seller.vat)],
      ],
      footer: [],
    },
    { kind: 'heading', level: 2, text: t('invoices:buyer') },
    {
      kind: 'table',
      align: ['left', 'left'],
      header: [],
      rows: [
        [t('invoices:fields.name'), printable(content.buyer.name) || t('invoices:notGiven')],
        [t('invoices:fields.address'), printable(content.buyer.address ?? '') || t('invoices:notGiven')],
      ],
      footer: [],
    },
    { kind: 'heading', level: 2, text: t('invoices:lines.description') },
    {
      kind: 'table',
      align: ['left', 'right', 'right', 'right', 'right'],
      header: [
        [
          t('invoices:lines.description'),
          t('invoices:lines.quantity'),
          t('invoices:lines.unitPrice'),
          t('invoices:lines.vatRate'),
          t('invoices:lines.net'),
        ],
      ],
      rows: [
        [
          t('invoices:line', { offer: content.line.offer, products: content.line.products.join(', ') }),
          '1',
          money(unitNet),
          rate,
          money(invoice.netCents),
        ],
      ],
      footer: [
        [t('invoices:totals.net'), '', '', '', money(invoice.netCents)],
        [t('invoices:totals.vat', { rate }), '', '', '', money(invoice.vatCents)],
        [t('invoices:totals.total'), '', '', '', money(invoice.totalCents)],
      ],
    },
  ];
  if (content.credit) {
    blocks.push({
      kind: 'paragraph',
      text: t('invoices:upgrade', {
        price: money(content.credit.listPriceCents),
        credit: money(content.credit.cents),
        numbers: content.credit.invoiceNumbers.join(', ') || '—',
        due: money(invoice.totalCents),
      }),
    });
  }
  if (content.vat?.rule === 'destination') {
    const country =
      new Intl.DisplayNames([invoice.language], { type: 'region' }).of(content.vat.country) ??
      content.vat.country;
    blocks.push({ kind: 'paragraph', text: t('invoices:destinationVat', { country, rate }) });
  }
  if (content.converted) {
    const converted = content.converted;
    const inCurrency = (cents: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: converted.currency }).format(cents / 100);
    blocks.push({
      kind: 'paragraph',
      text: t('invoices:converted', {
        rate: converted.rate.replace('.', invoice.language === 'en' ? '.' : ','),
        currency: converted.currency,
        date: date(`${converted.day}T12:00:00Z`),
        net: inCurrency(converted.netCents),
        vat: inCurrency(converted.vatCents),
        total: inCurrency(converted.totalCents),
      }),
    });
  }
  if (content.credited)
    blocks.push({
      kind: 'paragraph',
      text: t('invoices:credits', { number: content.credited.number, date: date(content.credited.issuedAt) }),
    });
  blocks.push({ kind: 'paragraph', text: t('invoices:nature') });
  blocks.push({
    kind: 'paragraph',
    text: invoice.kind === 'invoice' ? t('invoices:paid') : t('invoices:refunded'),
  });
  if (invoice.vatRateBasisPoints === 0) blocks.push({ kind: 'paragraph', text: t('invoices:noVat') });
  // Late-payment penalties concern a sum owed (C. com. L. 441-10): a credit note owes none.
  if (invoice.kind === 'invoice') blocks.push({ kind: 'note', text: t('invoices:latePayment') });
  if (seller.examples.length > 0) blocks.push({ kind: 'note', text: t('invoices:examplesNote') });
  return { title, blocks };
}

export async function renderInvoicePdf(
  invoice: InvoiceToRender,
): Promise<{ filename: string; body: Buffer }> {
  const t = translator(invoice.language);
  const { title, blocks } = invoiceBlocks(invoice);
  // The footer names the seller and the document once: "Kreo SAS · Page 1 of 1 · Credit note KR-000043".
  const reference = t(`invoices:reference.${invoice.kind}`, { number: invoice.number });
  const body = await writePdfFile(
    {
      title: `${title} ${invoice.number}`,
      footerTitle: invoice.content.seller.name,
      language: invoice.language,
      createdAt: invoice.issuedAt,
      blocks,
      subject: `${title} ${invoice.number} · ${invoice.content.seller.name}`,
      keywords: `invoice ${invoice.number}`,
      creator: 'Kreo invoices',
      custom: { InvoiceNumber: invoice.number },
    },
    { page: (page, pages) => t('invoices:page', { page, pages }), reference },
  );
  const safeNumber = invoice.number.replace(/[^A-Za-z0-9-]/g, '');
  return { filename: `${t(`invoices:fileName.${invoice.kind}`)}-${safeNumber}.pdf`, body };
}
