import { Alert, Anchor, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconExternalLink } from '@tabler/icons-react';
import { startTransition, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { InvoiceList } from '@/components/invoice-list';
import { PageIntro } from '@/components/page-intro';
import { paths } from '@/config/paths';
import { fetchOffers, peekOffers, type Offer } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { BringList } from './bring-card';
import { bringChecklist } from './bring-checklist';
import { CompanyIdentifiersSection } from './company-identifiers-section';
import { CompanyTimeline } from './company-timeline';
import {
  fetchCompanyFile,
  fetchTimeline,
  type CompanyFileData,
  type CompanyFileStatus,
  type CompanyFileTimeline,
} from './dashboard-api';
import classes from './dashboard.module.css';
import { DashboardLoading } from './dashboard-loading';
import { GuideToggle } from './filing-guide/guide-toggle';
import {
  loadRegistration,
  type Jurisdiction,
  type RegistrationContent,
  type RegistrationReminder,
} from './registration-content';
import { StepCard } from './step-card';
import { hasStarted, stepDates, timelineEntries } from './timeline-model';
import { useContentTranslation } from './use-content-translation';

type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

/** Loads `load` again whenever `retry` is called or `load` changes; keeps the last answer meanwhile. */
function useLoaded<T>(load: (() => Promise<T>) | null): [Loaded<T>, () => void, (value: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return undefined;
    let current = true;
    load().then(
      // Low priority: React renders the dashboard in slices, between which the page answers a tap.
      (value) => current && startTransition(() => setState({ status: 'ready', value })),
      (error: unknown) => {
        console.warn('The dashboard could not load.', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const set = useCallback((value: T) => setState({ status: 'ready', value }), []);
  return [state, retry, set];
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id={titleId}>
            {title}
          </Title>
          {lead ? <Text c="dimmed">{lead}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function Reminder({ reminder }: { reminder: RegistrationReminder }) {
  const { t } = useTranslation(['dashboard', 'registration']);
  const { tContent } = useContentTranslation();
  return (
    <Alert variant="light" color="yellow" icon={<IconBell aria-hidden="true" />} data-reminder={reminder.id}>
      <Stack gap={6}>
        <Text fw={700}>{tContent(reminder.title)}</Text>
        <Text size="sm">{tContent(reminder.body)}</Text>
        {reminder.link ? (
          <Anchor href={reminder.link} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            {t('registration:labels.open')}{' '}
            <IconExternalLink size={14} aria-hidden="true" style={{ verticalAlign: 'middle' }} />
          </Anchor>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('sourcePrefix', { label: t('registration:labels.source') })} {reminder.source.law}
          {reminder.source.confirmed ? '' : ` · ${t('registration:labels.unconfirmed')}`}
        </Text>
      </Stack>
    </Alert>
  );
}

function NextSteps({
  timeline,
  data,
  status,
  offers,
  registration,
  retry,
  onTimeline,
}: {
  timeline: CompanyFileTimeline;
  data: CompanyFileData;
  status: CompanyFileStatus | undefined;
  offers: readonly Offer[];
  registration: Loaded<RegistrationContent>;
  retry: () => void;
  onTimeline: (timeline: CompanyFileTimeline) => void;
}) {
  const { t } = useTranslation('dashboard');
  const jurisdiction = timeline.jurisdiction;
  if (!jurisdiction)
    return (
      <Text>
        {t('steps.noCountry')}{' '}
        <Anchor component={Link} to={paths.wizard} fw={600}>
          {t('timeline.openWizard')}
        </Anchor>
      </Text>
    );
  if (registration.status === 'loading') return <Skeleton height={240} radius="lg" />;
  if (registration.status === 'error') return <LoadError message={t('steps.loadError')} onRetry={retry} />;
  const dates = stepDates(timeline);
  const legalForm = typeof data.legalForm === 'string' ? data.legalForm : undefined;
  const guide = registration.value.guide;
  return (
    <div className={classes.steps}>
      {registration.value.steps.map((step, index) => (
        <StepCard
          guide={
            guide?.step === step.id ? (
              <GuideToggle
                guide={guide}
                jurisdiction={jurisdiction}
                data={data}
                status={status}
                offers={offers}
              />
            ) : undefined
          }
          key={step.id}
          step={step}
          number={index + 1}
          jurisdiction={jurisdiction}
          legalForm={legalForm}
          doneOn={dates.get(step.id) ?? null}
          onTimeline={onTimeline}
        />
      ))}
    </div>
  );
}

interface Overview {
  timeline: CompanyFileTimeline;
  data: CompanyFileData;
  status: CompanyFileStatus | undefined;
}

const loadOverview = async (): Promise<Overview> => {
  const [timeline, file] = await Promise.all([fetchTimeline(), fetchCompanyFile()]);
  return { timeline, ...file };
};

/**
 * /dashboard: where the founder's company stands. The company file's timeline, the registration steps
 * still to do outside Kreo (ticked off with a date), the papers to bring, Romania's reminders, the invoices;
 * the way to the founder's associates and managers (/team), and `shared`, the files the account was invited
 * to (another feature's, composed by the route).
 */
export function DashboardPage({ shared }: { shared?: ReactNode } = {}) {
  const { t } = useTranslation(['dashboard', 'registration']);
  const [overview, retryOverview, setOverview] = useLoaded(loadOverview);
  const offers = useRemoteList(fetchOffers, peekOffers);
  const jurisdiction: Jurisdiction | null =
    overview.status === 'ready' ? overview.value.timeline.jurisdiction : null;
  const loadSteps = useCallback(() => loadRegistration(jurisdiction as Jurisdiction), [jurisdiction]);
  const [registration, retryRegistration] = useLoaded(jurisdiction ? loadSteps : null);

  const invoices = (
    <Section title={t('invoices.title')}>
      <InvoiceList />
    </Section>
  );

  if (overview.status === 'loading') return <DashboardLoading />;
  if (overview.status === 'error')
    return (
      <PageIntro title={t('page.title')} lead={t('page.lead')}>
        <LoadError message={t('loadError')} onRetry={retryOverview} />
      </PageIntro>
    );

  const { timeline, data, status } = overview.value;
  const onTimeline = (next: CompanyFileTimeline) => setOverview({ timeline: next, data, status });
  if (!hasStarted(timeline))
    return (
      <PageIntro title={t('page.title')} lead={t('page.lead')}>
        <Card withBorder radius="lg" padding="xl" data-state="empty">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="h3">
              {t('empty.title')}
            </Title>
            <Text>{t('empty.text')}</Text>
            <Button component={Link} to={paths.wizard} size="md">
              {t('empty.action')}
            </Button>
          </Stack>
        </Card>
        {shared}
        {invoices}
      </PageIntro>
    );

  const steps = registration.status === 'ready' ? registration.value.steps : [];
  const reminders = registration.status === 'ready' ? registration.value.reminders : [];
  return (
    <PageIntro title={t('page.title')} lead={t('page.lead')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t('timeline.title')}>
          <CompanyTimeline
            entries={timelineEntries(timeline, steps)}
            offers={offers.status === 'ready' ? offers.items : []}
          />
        </Section>
        <Section title={t('bring.title')} lead={t('bring.lead')}>
          <BringList items={bringChecklist(data)} />
        </Section>
      </SimpleGrid>
      <Stack gap="md" component="section" aria-labelledby="dashboard-steps-title" mt="md">
        <Stack gap={4}>
          <Title order={2} id="dashboard-steps-title">
            {t('steps.title')}
          </Title>
          <Text c="dimmed">{t('steps.lead')}</Text>
        </Stack>
        <NextSteps
          timeline={timeline}
          data={data}
          status={status}
          offers={offers.status === 'ready' ? offers.items : []}
          registration={registration}
          retry={retryRegistration}
          onTimeline={onTimeline}
        />
      </Stack>
      {jurisdiction && timeline.submitted ? (
        <CompanyIdentifiersSection
          jurisdiction={jurisdiction}
          identifiers={timeline.identifiers}
          onTimeline={onTimeline}
        />
      ) : null}
      {reminders.length > 0 ? (
        <Section title={t('registration:labels.reminders')} lead={t('reminders.lead')}>
          {reminders.map((reminder) => (
            <Reminder key={reminder.id} reminder={reminder} />
          ))}
        </Section>
      ) : null}
      <Section title={t('team.title')} lead={t('team.lead')}>
        <Anchor component={Link} to={paths.team} fw={600}>
          {t('team.link')}
        </Anchor>
      </Section>
      {shared}
      {invoices}
    </PageIntro>
  );
}
