import { Alert, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { wizardSteps } from '@/forms/generated/wizard-steps';
import { SchemaForm, type SchemaFormHandle } from '@/forms/schema-form';
import { useFormTranslate } from '@/forms/translation';
import { readSessionUser } from '@/lib/session/access-token';
import { getValidToken, sessionUserAtom } from '@/lib/session/session';
import { companyFileApi } from './company-file-api';
import type { FileData } from './draft-merge';
import { DraftStatus } from './draft-status';
import { FileStatusNotice } from './file-status-notice';
import { useCompanyFileDraft } from './use-company-file-draft';
import { declaredFields, fieldHintPath, firstInvalidStep, stepAt, stepOfField } from './wizard-steps';
import { WizardProgress } from './wizard-progress';

/** What the assistant beside the wizard is told, and what it may ask of it. */
export interface WizardAssistantBridge {
  /** The field with the focus, as a hint path (`shareCapital`, `subscribers.name`), or null. */
  focusedField: string | null;
  /** Opens the step of a field and puts the focus in it. */
  jumpToField: (field: string) => void;
}

export interface WizardPageProps {
  /** The assistant panel, composed in by the route (features do not import each other). */
  assistant?: ComponentType<WizardAssistantBridge>;
}

/** /ai-powered-form: the five-step company-creation wizard (needs a session). */
export function WizardPage({ assistant }: WizardPageProps) {
  const user = useAtomValue(sessionUserAtom);
  // The session gate renders this page only with a user; the key restarts everything for another one.
  return user ? (
    <Wizard key={user.id} userId={user.id} products={user.products} assistant={assistant} />
  ) : null;
}

interface ShowAction {
  validate?: boolean;
  focusId?: string;
}

interface WizardProps extends WizardPageProps {
  userId: string;
  products: string[];
}

function Wizard({ userId, products, assistant: Assistant }: WizardProps) {
  const { t, i18n } = useTranslation('wizard');
  const translate = useFormTranslate(['wizard']);
  const navigate = useNavigate();
  const { view, sync } = useCompanyFileDraft(userId);
  const lastStep = wizardSteps.length - 1;
  const stepIndex = Math.min(Math.max(view.step, 0), lastStep);
  const step = stepAt(wizardSteps, stepIndex);
  // The furthest step shown in this visit: the progress bar opens any step up to it.
  const [reached, setReached] = useState(stepIndex);
  if (stepIndex > reached) setReached(stepIndex);
  const [focusedField, setFocusedField] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<'network' | 'invalid' | null>(null);
  const formHandle = useRef<SchemaFormHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Work for the step about to show, done once it is on screen: validate it (Complete found errors
  // there), focus a field (the assistant's link), or else focus its heading.
  const onShow = useRef<ShowAction>({});
  const [stepChanges, setStepChanges] = useState(0);

  const goTo = useCallback(
    (index: number, then: ShowAction = {}) => {
      onShow.current = then;
      sync.setStep(index);
      setStepChanges((count) => count + 1);
      window.scrollTo({ top: 0 });
    },
    [sync],
  );

  useEffect(() => {
    if (stepChanges === 0) return;
    const action = onShow.current;
    onShow.current = {};
    if (action.validate) formHandle.current?.validate();
    else if (action.focusId) {
      const element = document.getElementById(action.focusId);
      element?.scrollIntoView({ block: 'center' });
      element?.focus();
    } else heading.current?.focus();
  }, [stepChanges]);

  const jumpToField = useCallback(
    (field: string) => {
      const target = stepOfField(wizardSteps, field);
      if (target) goTo(target.index, { focusId: target.elementId });
    },
    [goTo],
  );

  const onFieldFocus = useCallback((path: string[]) => setFocusedField(fieldHintPath(path)), []);

  async function complete(values: FileData) {
    setSubmitError(null);
    const data = declaredFields(wizardSteps, values);
    const invalid = firstInvalidStep(wizardSteps, data);
    if (invalid !== null) {
      goTo(invalid, { validate: true });
      return;
    }
    setSubmitting(true);
    try {
      const result = await companyFileApi.submit(data);
      if ('submitted' in result) {
        sync.markSubmitted(result.submitted);
        // A package bought since this page's token was issued (another tab, a payment just made) counts.
        const fresh = readSessionUser(await getValidToken({ force: true }).catch(() => null));
        const owned = fresh?.products ?? products;
        navigate(owned.length > 0 ? paths.documents : paths.plans);
        return;
      }
      // The server's rules are the same as ours: this only happens when the schemas changed meanwhile.
      setSubmitError('invalid');
      const failing = wizardSteps.findIndex((candidate) => candidate.id === result.invalid[0]?.step);
      if (failing >= 0) goTo(failing, { validate: true });
    } catch {
      setSubmitError('network');
    } finally {
      setSubmitting(false);
    }
  }

  const isLast = stepIndex === lastStep;
  // The form's buttons, the same element while nothing they show changes (RJSF compares its children).
  const actions = useMemo(
    () => (
      <Group justify="space-between" gap="sm" mt="lg">
        {stepIndex > 0 ? (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            onClick={() => goTo(stepIndex - 1)}
            disabled={submitting}
          >
            {t('ui.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button
          type="submit"
          loading={submitting}
          rightSection={
            isLast ? (
              <IconCheck size={16} aria-hidden="true" />
            ) : (
              <IconArrowRight size={16} aria-hidden="true" />
            )
          }
        >
          {isLast ? t('ui.complete') : t('ui.next')}
        </Button>
      </Group>
    ),
    [goTo, isLast, stepIndex, submitting, t],
  );

  const intro = (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {t('page.title')}
      </Title>
      <Text c="dimmed">{t('page.lead')}</Text>
    </Stack>
  );

  if (view.phase !== 'ready') {
    return (
      <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          {intro}
          {view.phase === 'loading' ? (
            <PageLoader />
          ) : (
            <Alert
              color="red"
              icon={<IconAlertTriangle aria-hidden="true" />}
              title={t('ui.unavailable.title')}
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('ui.unavailable.body')}</Text>
                <Button variant="light" onClick={() => sync.retryNow()}>
                  {t('ui.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Container>
    );
  }

  const stepTitle = translate(step.title);

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg" mb="lg">
        {intro}
        <WizardProgress
          steps={wizardSteps}
          active={stepIndex}
          reachable={reached}
          onSelect={(index) => goTo(index)}
          label={t('ui.progressLabel')}
        />
      </Stack>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <FileStatusNotice file={view.file} merged={view.mergedFromElsewhere} language={i18n.language} />
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('ui.stepOf', { number: stepIndex + 1, total: wizardSteps.length })}
              </Text>
              <Title order={2} size="h3" ref={heading} tabIndex={-1}>
                {stepTitle}
              </Title>
              {step.description ? <Text c="dimmed">{translate(step.description)}</Text> : null}
            </Stack>
            <SchemaForm
              key={step.id}
              form={step.form}
              formData={view.formData}
              onChange={(values) => sync.update(values)}
              onSubmit={(values) => (isLast ? complete(values) : goTo(stepIndex + 1))}
              submitLabel={isLast ? t('ui.complete') : t('ui.next')}
              submitting={submitting}
              onFieldFocus={onFieldFocus}
              handleRef={formHandle}
              actions={actions}
            />
            {submitError ? (
              <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
                {t(submitError === 'network' ? 'ui.submit.failed' : 'ui.submit.invalid')}
              </Alert>
            ) : null}
            <DraftStatus status={view.sync} onRetry={() => sync.retryNow()} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {Assistant ? <Assistant focusedField={focusedField} jumpToField={jumpToField} /> : null}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
