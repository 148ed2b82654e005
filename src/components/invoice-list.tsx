import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOffers, localized, peekOffers, type Offer } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { formatInstantDate } from '@/lib/format/dates';
import {
  downloadInvoice,
  fetchInvoices,
  formatCents,
  type InvoiceSummary,
} from '@/lib/invoices/invoices-api';

function InvoiceRow({ invoice, offers }: { invoice: InvoiceSummary; offers: readonly Offer[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<'busy' | 'failed' | null>(null);
  const creditNote = invoice.kind === 'creditNote';
  const offer = offers.find((candidate) => candidate.sku === invoice.offerSku);

  const download = async () => {
    setPending(true);
    setFailed(null);
    const outcome = await downloadInvoice(invoice);
    setFailed(outcome === 'saved' ? null : outcome);
    setPending(false);
  };

  return (
    <Paper component="li" withBorder radius="md" p="md" data-invoice={invoice.number}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{invoice.number}</Text>
            <Badge variant="light" color={creditNote ? 'orange' : 'brand'}>
              {creditNote ? t('invoices.kind.creditNote') : t('invoices.kind.invoice')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('invoices.issuedOn', { date: formatInstantDate(invoice.issuedAt, i18n.language) })}
            {offer ? ` · ${localized(offer.name, i18n.language)}` : ''}
          </Text>
          {creditNote && invoice.creditedInvoiceNumber ? (
            <Text size="sm">{t('invoices.cancels', { number: invoice.creditedInvoiceNumber })}</Text>
          ) : null}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatCents(invoice.totalCents, invoice.currency, i18n.language)}
          </Text>
          <Button
            variant="light"
            size="sm"
            loading={pending}
            onClick={() => void download()}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            aria-label={t('invoices.downloadLabel', { number: invoice.number })}
          >
            {t('invoices.download')}
          </Button>
        </Group>
      </Group>
      {failed ? (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {failed === 'busy' ? t('invoices.downloadBusy') : t('invoices.downloadFailed')}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The user's invoices and credit notes (GET /api/invoices), each with its PDF: shown on the dashboard and
 * in the profile. A credit note names the invoice it cancels.
 */
export function InvoiceList() {
  const { t } = useTranslation('dashboard');
  const invoices = useRemoteList(fetchInvoices);
  // The package's name comes from the catalog; without it, the row simply leaves the name out.
  const offers = useRemoteList(fetchOffers, peekOffers);

  if (invoices.status === 'loading')
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  if (invoices.status === 'error')
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('invoices.loadError')}</Text>
          <Button size="xs" variant="default" onClick={invoices.retry}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (invoices.items.length === 0) return <Text c="dimmed">{t('invoices.empty')}</Text>;
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {invoices.items.map((invoice) => (
        <InvoiceRow
          key={invoice.id}
          invoice={invoice}
          offers={offers.status === 'ready' ? offers.items : []}
        />
      ))}
    </Stack>
  );
}
