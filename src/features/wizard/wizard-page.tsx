import { Alert, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import type { StepDefinition } from '@/forms/form-definition';
import { chooserStep, legalForms, wizardOutline, wizardVersion } from '@/forms/generated/wizard-steps';
import { SchemaForm, type SchemaFormHandle } from '@/forms/schema-form';
import { useFormTranslate } from '@/forms/translation';
import { readSessionUser } from '@/lib/session/access-token';
import { getValidToken, sessionUserAtom } from '@/lib/session/session';
import { withDerivedValues } from '@/shared/file-derivations';
import { companyFacts, type CompanyFacts } from '@/shared/company-facts';
import { withCompanyForm } from '@/shared/jurisdictions';

import { companyFileApi } from './company-file-api';
import { jsonEqual, type FileData } from './draft-merge';
import type { DraftSync } from './draft-sync';
import { DraftStatus } from './draft-status';
import classes from './wizard-page.module.css';
import { FileStatusNotice } from './file-status-notice';
import { accountValues } from './founder-details';
import { SetAsideNotice } from './set-aside-notice';
import { SigningRoundNotice, VoidSignaturesModal } from './signing-notices';
import { SubmittedNotice } from './submitted-notice';
import { useCompanyFileDraft } from './use-company-file-draft';
import { useAccountPrefill, useFounderAccount } from './use-founder-account';
import { useLegalFormSteps } from './use-legal-form-steps';
import { WizardProgress } from './wizard-progress';
import { SUBMIT_ERROR_KEYS, type SubmitError } from './submit-errors';
import { submitFromRevision } from './submit-file';
import { WizardReview } from './wizard-review';
import { WizardIntro, WizardLoading } from './wizard-shell';
import { declaredFields, fieldHintPath, firstInvalidStep, stepAt, stepOfField } from './wizard-steps';
import { wizardFormatters, wizardWidgets } from './wizard-widgets';
import { ChooseCompanyFormContext } from './widgets/choose-company-form';

/** What the wizard fills in for the founder (file-derivations.ts), with the legal forms it knows. */
const deriveFileValues = (data: FileData) => withDerivedValues(legalForms, data);

/** What the assistant beside the wizard is told, and what it may ask of it. */
export interface WizardAssistantBridge {
  /** The field with the focus, as a hint path (`shareCapital`, `subscribers.name`), or null. */
  focusedField: string | null;
  /** Opens the step of a field and puts the focus in it. */
  jumpToField: (field: string) => void;
  /** The steps the founder's legal form has (only the first before a form is chosen). */
  steps: readonly StepDefinition[];
  /** The country the founder chose (its entries answer first), or null before the choice. */
  jurisdiction: 'FR' | 'RO' | null;
  /** The legal form the founder chose (`SAS`, `SRL_SOLE`), or null before the choice. */
  legalForm: string | null;
  /** What the answers so far say of the company (capital, associates, managers): answers use its figures. */
  facts: CompanyFacts;
}

export interface WizardPageProps {
  /** The assistant panel, composed in by the route (features do not import each other). */
  assistant?: ComponentType<WizardAssistantBridge>;
}

interface AssistantWithFactsProps extends Omit<
  WizardAssistantBridge,
  'facts' | 'jurisdiction' | 'legalForm'
> {
  assistant: ComponentType<WizardAssistantBridge>;
  sync: Pick<DraftSync, 'subscribe' | 'getState'>;
}

/**
 * The assistant, told the file's facts as they are typed (the capital, the managers): the form's own
 * edits do not render the page again, so only this follows them, and only when a fact changes.
 */
function AssistantWithFacts({ assistant: Assistant, sync, ...bridge }: AssistantWithFactsProps) {
  const factsKey = useSyncExternalStore(sync.subscribe, () =>
    JSON.stringify(companyFacts(sync.getState().data)),
  );
  const facts = useMemo(() => JSON.parse(factsKey) as CompanyFacts, [factsKey]);
  return (
    <Assistant {...bridge} jurisdiction={facts.jurisdiction} legalForm={facts.legalForm} facts={facts} />
  );
}

/** /ai-powered-form: the company-creation wizard (needs a session): the country and legal form, then that form's steps, a review, and the submission. */
export function WizardPage({ assistant }: WizardPageProps) {
  const user = useAtomValue(sessionUserAtom);
  // The session gate renders this page only with a user; the key restarts everything for another one.
  return user ? (
    <Wizard key={user.id} userId={user.id} products={user.products} assistant={assistant} />
  ) : null;
}

const NO_VALUES: FileData = {};

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
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  const translate = useFormTranslate(['wizard']);
  const navigate = useNavigate();
  const { view, sync } = useCompanyFileDraft(userId);
  // The wizard's first full render (the step's form, the progress, the assistant) is large: React does it
  // as a transition, in slices between which the page answers a tap, rather than in one long task.
  const [formShown, setFormShown] = useState(view.phase === 'ready');
  useEffect(() => {
    if (view.phase === 'ready' && !formShown) startTransition(() => setFormShown(true));
  }, [view.phase, formShown]);
  const formSteps = useLegalFormSteps(view.legalFormId);
  // Before a form is chosen (or while its steps load) only the first step can show.
  const loadedSteps = formSteps.state === 'ready' ? formSteps.steps : null;
  const steps: readonly StepDefinition[] = useMemo(() => loadedSteps ?? [chooserStep], [loadedSteps]);
  // The founder's name and birth date from their account: they pre-fill a new draft, and the
  // associates' and managers' "It's me" shortcuts copy them when the file has none yet.
  const account = useFounderAccount();
  const fromAccount = useMemo(
    () => (account && loadedSteps ? accountValues(loadedSteps, account) : NO_VALUES),
    [account, loadedSteps],
  );
  useAccountPrefill(view, sync, fromAccount, deriveFileValues);
  const lastStep = wizardOutline.length - 1;
  const savedStep = Math.min(Math.max(view.step, 0), lastStep);
  const stepIndex = formSteps.state === 'none' ? 0 : savedStep;
  const step = stepAt(steps, stepIndex);
  const waitingForSteps = stepIndex > 0 && formSteps.state !== 'ready';
  // The furthest step shown in this visit: the progress bar opens any step up to it.
  const [reached, setReached] = useState(stepIndex);
  if (stepIndex > reached && !waitingForSteps) setReached(stepIndex);
  const [focusedField, setFocusedField] = useState<string | null>(null);
  const [phase, setPhase] = useState<'steps' | 'review' | 'submitted'>('steps');
  // Set when a step was opened from the review: its button then goes back to the review.
  const [editingFromReview, setEditingFromReview] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);
  // The server refused the submission because it would void the signatures: the founder decides.
  const [confirmingVoid, setConfirmingVoid] = useState(false);
  const [destination, setDestination] = useState<string>(paths.plans);
  const formHandle = useRef<SchemaFormHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Work for the step about to show, done once it is on screen: validate it (Complete found errors
  // there), focus a field (the assistant's link), or else focus its heading.
  const onShow = useRef<ShowAction>({});
  const [stepChanges, setStepChanges] = useState(0);

  const goTo = useCallback(
    (index: number, then: ShowAction = {}) => {
      onShow.current = then;
      setPhase('steps');
      // The hint of a field left behind would fill the assistant's panel: the next focus brings its own.
      setFocusedField(null);
      sync.setStep(index);
      setStepChanges((count) => count + 1);
      window.scrollTo({ top: 0 });
    },
    [sync],
  );

  useEffect(() => {
    // Not before the form's first render (a transition) is on screen: the field would not be there yet.
    if (stepChanges === 0 || waitingForSteps || !formShown) return;
    const action = onShow.current;
    onShow.current = {};
    if (action.validate) formHandle.current?.validate();
    else if (action.focusId) {
      const element = document.getElementById(action.focusId);
      element?.scrollIntoView({ block: 'center' });
      element?.focus();
    } else heading.current?.focus();
  }, [stepChanges, waitingForSteps, formShown]);

  const jumpToField = useCallback(
    (field: string) => {
      const target = stepOfField(steps, field);
      if (target) goTo(target.index, { focusId: target.elementId });
    },
    [goTo, steps],
  );

  // A link to a field (the documents page's pre-filing check: /ai-powered-form?field=…&item=…)
  // opens its step and puts the focus in it, once the draft and the form's steps are there.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedField = searchParams.get('field');
  const linkedItem = searchParams.get('item');
  useEffect(() => {
    if (!linkedField || view.phase !== 'ready' || !formShown || formSteps.state === 'loading')
      return undefined;
    const target = stepOfField(steps, linkedField);
    const item = linkedItem !== null && /^\d{1,4}$/.test(linkedItem) ? linkedItem : null;
    // The element of the list's first item unless another one is named.
    const focusId = target && item ? target.elementId.replace(/_0(_|$)/, `_${item}$1`) : target?.elementId;
    // After this render, as a click would: the step then shows and takes the focus.
    const timer = setTimeout(() => {
      if (target && focusId && (target.index === 0 || loadedSteps)) goTo(target.index, { focusId });
      setSearchParams({}, { replace: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [
    linkedField,
    linkedItem,
    view.phase,
    formShown,
    formSteps.state,
    loadedSteps,
    steps,
    goTo,
    setSearchParams,
  ]);

  const onFieldFocus = useCallback((path: string[]) => setFocusedField(fieldHintPath(path)), []);

  const onChange = useCallback(
    (values: FileData) => {
      // Choosing a country sets the currency and clears a form of another country; a person added gets
      // an id, a subscription follows its shares: the form shows it.
      const adjusted = withDerivedValues(legalForms, withCompanyForm(legalForms, values));
      if (adjusted !== values) sync.replace(adjusted);
      else sync.update(values);
    },
    [sync],
  );

  // The form chooser's "Choose this form": the country and the form at once, shown as the page adjusts them.
  const chooseCompanyForm = useCallback(
    (jurisdiction: string, legalForm: string) =>
      sync.replace(
        withDerivedValues(
          legalForms,
          withCompanyForm(legalForms, { ...sync.getState().data, jurisdiction, legalForm }),
        ),
      ),
    [sync],
  );

  /** Complete (or the button of a step opened from the review): every step valid, then the review. */
  function review() {
    setSubmitError(null);
    const data = declaredFields(steps, sync.getState().data);
    const invalid = firstInvalidStep(steps, data);
    if (invalid !== null) {
      goTo(invalid, { validate: true });
      return;
    }
    setEditingFromReview(false);
    setPhase('review');
    window.scrollTo({ top: 0 });
  }

  async function submit(confirmVoidSignatures = false) {
    setSubmitError(null);
    setConfirmingVoid(false);
    const current = sync.getState().data;
    const data = declaredFields(steps, current);
    // The draft becomes what is submitted, so that it does not read as amended right after.
    if (!jsonEqual(data, current)) sync.replace(data);
    setSubmitting(true);
    try {
      const result = await submitFromRevision(
        sync,
        companyFileApi,
        data,
        wizardVersion,
        confirmVoidSignatures,
      );
      // A co-founder's change saved meanwhile is now on screen: the founder reviews it, then submits.
      if ('merged' in result) {
        setSubmitError('conflict');
        return;
      }
      if ('wouldVoidSignatures' in result) {
        setConfirmingVoid(true);
        return;
      }
      if ('submitted' in result) {
        sync.markSubmitted(result.submitted);
        // A package bought since this page's token was issued (another tab, a payment just made) counts.
        const fresh = readSessionUser(await getValidToken({ force: true }).catch(() => null));
        const owned = fresh?.products ?? products;
        setDestination(owned.length > 0 ? paths.documents : paths.plans);
        setPhase('submitted');
        window.scrollTo({ top: 0 });
        return;
      }
      // The server's rules are the same as ours: this only happens when the schemas changed meanwhile.
      const first = result.invalid[0];
      if (first?.keyword === 'version') {
        setSubmitError('version');
        return;
      }
      setSubmitError('invalid');
      const failing = steps.findIndex((candidate) => candidate.id === first?.step);
      if (failing >= 0) goTo(failing, { validate: true });
    } catch {
      setSubmitError('network');
    } finally {
      setSubmitting(false);
    }
  }

  const isLast = stepIndex === lastStep;
  const submitLabel = editingFromReview ? t('review.backToReview') : isLast ? t('ui.complete') : t('ui.next');
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
            isLast || editingFromReview ? (
              <IconCheck size={16} aria-hidden="true" />
            ) : (
              <IconArrowRight size={16} aria-hidden="true" />
            )
          }
        >
          {submitLabel}
        </Button>
      </Group>
    ),
    [goTo, isLast, editingFromReview, stepIndex, submitting, submitLabel, t],
  );
  const reviewedData = phase === 'review' ? sync.getState().data : null;
  const formatters = useMemo(
    () => wizardFormatters(tJurisdictions, reviewedData ?? {}),
    [tJurisdictions, reviewedData],
  );

  const unavailable = (retry: () => void) => (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} title={t('ui.unavailable.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('ui.unavailable.body')}</Text>
        <Button variant="light" onClick={retry}>
          {t('ui.retry')}
        </Button>
      </Stack>
    </Alert>
  );

  if (view.phase !== 'ready' || !formShown) {
    // The same frame as the page the server sent before the app ran (wizard-shell.tsx).
    return view.phase !== 'unavailable' ? (
      <WizardLoading />
    ) : (
      <WizardLoading>{unavailable(() => sync.retryNow())}</WizardLoading>
    );
  }

  let main: ReactNode;
  if (phase === 'submitted') {
    main = <SubmittedNotice destination={destination} onContinue={() => navigate(destination)} />;
  } else if (phase === 'review') {
    main = (
      <WizardReview
        steps={steps}
        data={declaredFields(steps, sync.getState().data)}
        formatters={formatters}
        onEdit={(index) => {
          setEditingFromReview(true);
          goTo(index);
        }}
        onBack={() => goTo(lastStep)}
        onSubmit={() => void submit()}
        submitting={submitting}
        error={submitError}
      />
    );
  } else if (waitingForSteps) {
    // The form's steps could not be loaded: the first step (the progress bar) stays open to choose again.
    main = formSteps.state === 'failed' ? unavailable(formSteps.retry) : <PageLoader />;
  } else {
    main = (
      <>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('ui.stepOf', { number: stepIndex + 1, total: wizardOutline.length })}
          </Text>
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {translate(step.title)}
          </Title>
          {step.description ? <Text c="dimmed">{translate(step.description)}</Text> : null}
        </Stack>
        <ChooseCompanyFormContext.Provider value={chooseCompanyForm}>
          <SchemaForm
            key={step.form.name}
            form={step.form}
            formData={view.formData}
            onChange={onChange}
            onSubmit={() => (isLast || editingFromReview ? review() : goTo(stepIndex + 1))}
            submitLabel={submitLabel}
            submitting={submitting}
            onFieldFocus={onFieldFocus}
            handleRef={formHandle}
            actions={actions}
            widgets={wizardWidgets}
          />
        </ChooseCompanyFormContext.Provider>
        {submitError ? (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            {t(SUBMIT_ERROR_KEYS[submitError])}
          </Alert>
        ) : null}
      </>
    );
  }

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg" mb="lg">
        <WizardIntro />
        <WizardProgress
          steps={formSteps.state === 'ready' ? steps : wizardOutline}
          active={phase === 'steps' ? stepIndex : wizardOutline.length}
          reachable={formSteps.state === 'ready' ? reached : 0}
          onSelect={(index) => goTo(index)}
          label={t('ui.progressLabel')}
        />
      </Stack>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <FileStatusNotice
              file={view.file}
              merged={view.mergedFromElsewhere}
              language={i18n.language}
              justSubmitted={phase === 'submitted'}
            />
            <SetAsideNotice setAside={view.setAside} />
            {/* The founder's file is named by their account id. */}
            {phase === 'submitted' ? null : <SigningRoundNotice fileId={userId} />}
            {main}
            <VoidSignaturesModal
              opened={confirmingVoid}
              submitting={submitting}
              onCancel={() => setConfirmingVoid(false)}
              onConfirm={() => void submit(true)}
            />
            <div className={classes.statusBar}>
              <DraftStatus status={view.sync} onRetry={() => sync.retryNow()} />
            </div>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {Assistant ? (
            <AssistantWithFacts
              assistant={Assistant}
              sync={sync}
              focusedField={focusedField}
              jumpToField={jumpToField}
              steps={steps}
            />
          ) : null}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
