import { Anchor, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconExternalLink, IconFileText } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCalendarDate, todayIsoDate } from '@/lib/format/dates';
import { formatFeeAmount } from '@/lib/format/fee-amount';
import { documentTitleKey } from '@/shared/document-title';
import { legalFormId } from '@/shared/jurisdictions';
import { cards as documentCards } from '../../../schemas/documents.json';
import { markStep, unmarkStep, type CompanyFileTimeline } from './dashboard-api';
import classes from './dashboard.module.css';
import { resolveCost, type Jurisdiction, type RegistrationStep } from './registration-content';
import { stepDateProblem } from './step-date';
import { useContentTranslation } from './use-content-translation';

/** The document cards (schemas/documents.json): their SKU and title keys, by legal form where named. */
const DOCUMENT_CARDS = documentCards as { sku: string; title: string; titles?: Record<string, string> }[];

// Asked for as soon as this module runs (with the dashboard), so it is there when the steps show.
const loadStepDateField = import('./step-date-field');
const StepDateField = lazy(async () => ({ default: (await loadStepDateField).StepDateField }));

type StepError = 'required' | 'future' | 'tooEarly' | 'outOfRange' | 'unknownStep' | 'failed';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={700}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/** The date field and buttons that tick a step off (or back on), with the errors of either side. */
function StepDoneForm({
  step,
  doneOn,
  titleId,
  onTimeline,
}: {
  step: RegistrationStep;
  doneOn: string | null;
  titleId: string;
  onTimeline: (timeline: CompanyFileTimeline) => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const [date, setDate] = useState<string | null>(() => todayIsoDate());
  const [error, setError] = useState<StepError | null>(null);
  const [pending, setPending] = useState(false);

  const save = async (request: () => ReturnType<typeof markStep>) => {
    setPending(true);
    const outcome = await request();
    setPending(false);
    if (outcome.status === 'saved') {
      setError(null);
      onTimeline(outcome.timeline);
    } else {
      setError(
        outcome.status === 'out-of-range'
          ? 'outOfRange'
          : outcome.status === 'unknown-step'
            ? 'unknownStep'
            : 'failed',
      );
    }
  };

  const submit = () => {
    const problem = stepDateProblem(date);
    if (problem) {
      setError(problem);
      return;
    }
    void save(() => markStep(step.id, date as string));
  };

  const message = error ? t(`steps.errors.${error}`) : null;
  if (doneOn) {
    return (
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={20} aria-hidden="true" className={classes.doneIcon} />
          <Text fw={600}>{t('steps.doneOn', { date: formatCalendarDate(doneOn, i18n.language) })}</Text>
        </Group>
        <Button
          variant="default"
          loading={pending}
          onClick={() => void save(() => unmarkStep(step.id))}
          aria-describedby={titleId}
        >
          {t('steps.undo')}
        </Button>
        {message ? (
          <Text size="sm" c="red.8" role="alert">
            {message}
          </Text>
        ) : null}
      </Stack>
    );
  }
  const dateError =
    error === 'required' || error === 'future' || error === 'tooEarly' || error === 'outOfRange';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Suspense fallback={<Skeleton height={58} radius="sm" />}>
          <StepDateField
            language={i18n.language}
            label={t('steps.dateLabel')}
            placeholder={t('steps.datePlaceholder')}
            calendarLabel={t('steps.calendarLabel')}
            value={date}
            onChange={(value) => {
              setDate(value);
              setError(null);
            }}
            error={dateError ? (message ?? undefined) : undefined}
          />
        </Suspense>
        <Button type="submit" loading={pending} aria-describedby={titleId}>
          {t('steps.markDone')}
        </Button>
        {message && !dateError ? (
          <Text size="sm" c="red.8" role="alert">
            {message}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * One registration step as a card: what it is, the documents and papers it needs, what it costs and
 * takes, where it is done and the text that says so, and whether the founder has done it.
 */
export function StepCard({
  step,
  number,
  jurisdiction,
  legalForm,
  doneOn,
  onTimeline,
  guide,
}: {
  step: RegistrationStep;
  number: number;
  jurisdiction: Jurisdiction;
  legalForm: string | undefined;
  doneOn: string | null;
  onTimeline: (timeline: CompanyFileTimeline) => void;
  /** The filing guide of this step (the registry's online service, screen by screen), if it has one. */
  guide?: ReactNode;
}) {
  const { t } = useTranslation(['dashboard', 'registration']);
  const { t: tMarketing } = useTranslation('marketing');
  const { tContent, language } = useContentTranslation();
  const titleId = useId();
  const costs = step.costs.flatMap((cost) => {
    const resolved = resolveCost(cost, jurisdiction, legalForm);
    return resolved ? [resolved] : [];
  });
  const documents = step.documents.flatMap((sku) => DOCUMENT_CARDS.filter((card) => card.sku === sku));
  const { minDays, maxDays, working } = step.duration;
  const duration =
    maxDays === 0
      ? t('registration:labels.sameDay')
      : minDays === maxDays
        ? t(working ? 'registration:labels.workingDaysSingle' : 'registration:labels.daysSingle', {
            count: maxDays,
          })
        : t(working ? 'registration:labels.workingDaysRange' : 'registration:labels.daysRange', {
            min: minDays,
            max: maxDays,
            count: maxDays,
          });

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      data-step={step.id}
      data-state={doneOn ? 'done' : 'to-do'}
      id={`step-${step.id}`}
      className={doneOn ? classes.stepDone : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700} c="dimmed">
            {t('steps.number', { number })}
          </Text>
          <Badge variant={doneOn ? 'filled' : 'light'} color={doneOn ? 'brand' : 'gray'}>
            {doneOn ? t('steps.status.done') : t('steps.status.toDo')}
          </Badge>
        </Group>
        <Title order={3} fz="lg" id={titleId}>
          {tContent(step.title)}
        </Title>
        <Text size="sm">{tContent(step.explanation)}</Text>
        {documents.length > 0 ? (
          <Detail label={t('registration:labels.documents')}>
            <List size="sm" spacing={2} icon={<IconFileText size={14} aria-hidden="true" />} center>
              {documents.map((card) => (
                <List.Item key={card.sku}>
                  <Anchor component={Link} to={paths.documents} size="sm">
                    {tContent(
                      documentTitleKey(card, legalForm ? legalFormId(jurisdiction, legalForm) : null),
                    )}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Detail>
        ) : null}
        {step.bring && step.bring.length > 0 ? (
          <Detail label={t('registration:labels.bring')}>
            <List size="sm" spacing={2}>
              {step.bring.map((key) => (
                <List.Item key={key}>{tContent(key)}</List.Item>
              ))}
            </List>
          </Detail>
        ) : null}
        <Detail label={t('registration:labels.cost')}>
          {costs.length === 0 ? (
            <Text size="sm">{t('registration:labels.free')}</Text>
          ) : (
            <List size="sm" spacing={2}>
              {costs.map((cost) => (
                <List.Item key={cost.label}>
                  {t('steps.cost', {
                    label: tContent(cost.label),
                    amount: formatFeeAmount(cost.amount, cost.currency, language, tMarketing),
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Detail>
        <Detail label={t('registration:labels.duration')}>
          <Text size="sm">{duration}</Text>
        </Detail>
        {step.link ? (
          <Anchor href={step.link} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            <Group gap={4} component="span" wrap="nowrap">
              {t('registration:labels.open')}
              <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        ) : null}
        <Group gap="xs" wrap="wrap">
          {/* The law's own name, in its own language: a citation is not translated. */}
          <Text size="xs" c="dimmed">
            {t('sourcePrefix', { label: t('registration:labels.source') })}{' '}
            {step.source.url ? (
              <Anchor href={step.source.url} size="xs" c="dimmed" td="underline">
                {step.source.law}
              </Anchor>
            ) : (
              step.source.law
            )}
          </Text>
          {step.source.confirmed ? null : (
            <Badge size="xs" variant="outline" color="orange">
              {t('registration:labels.unconfirmed')}
            </Badge>
          )}
        </Group>
        {guide}
        <StepDoneForm step={step} doneOn={doneOn} titleId={titleId} onTimeline={onTimeline} />
      </Stack>
    </Card>
  );
}
