import { Anchor, Text, Timeline } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconCircleDashed, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { localized, type Offer } from '@/lib/catalog/catalog';
import { formatCalendarDate, formatInstantDate } from '@/lib/format/dates';
import { formatCents } from '@/lib/invoices/invoices-api';
import type { CompanyFileEvent } from './dashboard-api';
import classes from './dashboard.module.css';
import { activeIndex, type TimelineEntry } from './timeline-model';
import { useContentTranslation } from './use-content-translation';

/** The package, its price and its invoice (or credit note), as one line. */
function paymentLine(event: CompanyFileEvent, offers: readonly Offer[], language: string, invoice: string) {
  const offer = offers.find((candidate) => candidate.sku === event.offerSku);
  return [
    offer ? localized(offer.name, language) : null,
    event.amountCents !== undefined && event.currency
      ? formatCents(event.amountCents, event.currency, language)
      : null,
    event.invoiceNumber ? invoice : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function EntryBody({ entry, offers }: { entry: TimelineEntry; offers: readonly Offer[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  if (entry.kind === 'step') {
    return (
      <Text size="sm" c="dimmed">
        {entry.doneOn
          ? t('steps.doneOn', { date: formatCalendarDate(entry.doneOn, language) })
          : t('steps.status.toDo')}
      </Text>
    );
  }
  if (!entry.done) {
    const link =
      entry.kind === 'paid'
        ? { to: paths.plans, label: t('timeline.paid.action') }
        : entry.kind === 'documentsReady'
          ? null
          : { to: paths.wizard, label: t('timeline.openWizard') };
    return link ? (
      <Anchor component={Link} to={link.to} size="sm">
        {link.label}
      </Anchor>
    ) : null;
  }
  const event = entry.event;
  const date = event ? formatInstantDate(event.occurredAt, language) : null;
  return (
    <>
      {date ? (
        <Text size="sm" c="dimmed">
          {date}
        </Text>
      ) : null}
      {event && entry.kind === 'paid' ? (
        <Text size="sm" className={classes.wrap}>
          {paymentLine(event, offers, language, t('timeline.invoice', { number: event.invoiceNumber }))}
        </Text>
      ) : null}
      {event && entry.kind === 'refunded' ? (
        <Text size="sm" className={classes.wrap}>
          {paymentLine(event, offers, language, t('timeline.creditNote', { number: event.invoiceNumber }))}
        </Text>
      ) : null}
      {event && entry.kind === 'withdrawn' ? (
        <Text size="sm" className={classes.wrap}>
          {paymentLine(event, offers, language, '')}
        </Text>
      ) : null}
      {event?.personName ? (
        <Text size="sm" className={classes.wrap}>
          {event.act
            ? t('timeline.personAct', { name: event.personName, act: t(`timeline.acts.${event.act}`) })
            : event.personName}
        </Text>
      ) : null}
      {entry.kind === 'documentsReady' ? (
        <Anchor component={Link} to={paths.documents} size="sm">
          {t('timeline.documentsReady.action')}
        </Anchor>
      ) : null}
    </>
  );
}

/**
 * The company file's story as a Mantine Timeline: what happened, what Kreo still has to do with the
 * founder, then the registration steps. The active item is the last one of those done in a row, so it
 * moves on as events arrive.
 */
export function CompanyTimeline({ entries, offers }: { entries: TimelineEntry[]; offers: readonly Offer[] }) {
  const { t } = useTranslation('dashboard');
  const { tContent } = useContentTranslation();
  const title = (entry: TimelineEntry) =>
    entry.kind === 'step'
      ? tContent(entry.step.title)
      : t(`timeline.${entry.kind}.${entry.done ? 'done' : 'ahead'}` as const);
  return (
    <Timeline active={activeIndex(entries)} bulletSize={26} lineWidth={2}>
      {entries.map((entry) => (
        <Timeline.Item
          key={entry.key}
          data-entry={entry.kind === 'step' ? entry.step.id : entry.kind}
          data-state={entry.done ? 'done' : 'to-do'}
          title={title(entry)}
          bullet={
            entry.kind === 'refunded' ? (
              <IconReceiptRefund size={14} aria-hidden="true" />
            ) : entry.kind === 'withdrawn' ? (
              <IconArrowBackUp size={14} aria-hidden="true" />
            ) : entry.done ? (
              <IconCheck size={14} aria-hidden="true" />
            ) : (
              <IconCircleDashed size={14} aria-hidden="true" />
            )
          }
          color={entry.kind === 'refunded' || entry.kind === 'withdrawn' ? 'orange' : undefined}
        >
          <EntryBody entry={entry} offers={offers} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
