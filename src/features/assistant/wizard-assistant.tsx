import { ActionIcon, Affix, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import { Component, lazy, memo, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepDefinition } from '@/forms/form-definition';
import { NO_COMPANY_FACTS, type CompanyFacts } from '@/shared/company-facts';
import type { AssistantSessionProps } from './assistant-session';
import { KNOWLEDGE_NAMESPACES } from './knowledge-namespaces';
import { useExchangeLog } from './exchange-log';
import classes from './wizard-assistant.module.css';

// The knowledge and the matcher: loaded when the assistant shows (at once on wide screens, at the
// first opening on phones), and asked for early when the founder reaches for the phone's button.
const loadSession = () => import('./assistant-session');
// One lazy component for every showing; a retry after a failed load makes a new one.
const FirstSession = lazy(loadSession);

/** What the wizard tells the assistant, and what the assistant may ask of the wizard. */
export interface WizardAssistantProps {
  /** The field with the focus, as a hint path (`shareCapital`, `subscribers.name`), or null. */
  focusedField: string | null;
  /** Opens the step of a field and puts the focus in it. */
  jumpToField: (field: string) => void;
  /** The steps of the founder's legal form (or only the first one, before a form is chosen): their hints. */
  steps: readonly StepDefinition[];
  /** The country the founder chose: its entries answer first. */
  jurisdiction?: 'FR' | 'RO' | null;
  /** The legal form the founder chose (`SAS`, `SRL_SOLE`): its entries answer first. */
  legalForm?: string | null;
  /** What the answers so far say of the company (capital, associates, managers): answers use its figures. */
  facts?: CompanyFacts;
}

function AssistantTitle() {
  const { t } = useTranslation('assistant');
  return (
    <Group gap="xs" wrap="nowrap">
      <IconMessageChatbot size={22} aria-hidden="true" color="var(--mantine-color-green-8)" />
      <Text fw={700} component="span">
        {t('chat.title')}
      </Text>
      {/* An honest status: the assistant answers at once from our own guide, offline, not a live agent. */}
      <Badge variant="outline" color="gray" className={classes.statusBadge}>
        {t('chat.status')}
      </Badge>
    </Group>
  );
}

function SessionLoading() {
  const { t } = useTranslation('assistant');
  return (
    <Group justify="center" gap="xs" p="lg" role="status">
      <Loader size="sm" color="green" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {t('chat.loading')}
      </Text>
    </Group>
  );
}

function SessionLoadError({ onRetry, again }: { onRetry: () => void; again: boolean }) {
  const { t } = useTranslation('assistant');
  // A browser may keep a failed chunk's error for the page's life: after a second failure, only a
  // reload loads it again (the wizard's answers are saved as they are typed).
  return (
    <Stack align="center" gap="sm" p="lg">
      <Text size="sm" ta="center" role="alert">
        {t(again ? 'chat.loadErrorAgain' : 'chat.loadError')}
      </Text>
      {again ? (
        <Button variant="light" onClick={() => window.location.reload()}>
          {t('chat.reload')}
        </Button>
      ) : (
        <Button variant="light" onClick={onRetry}>
          {t('chat.retry')}
        </Button>
      )}
    </Stack>
  );
}

/** A failed load of the assistant (network gone) stays in its panel, with a retry; the wizard goes on. */
class SessionBoundary extends Component<
  { onRetry: () => void; again: boolean; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The assistant failed to load', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? (
      <SessionLoadError onRetry={this.props.onRetry} again={this.props.again} />
    ) : (
      this.props.children
    );
  }
}

/** The open assistant, loaded on first show; a retry after a failed load asks for it again. */
function LazySession(props: AssistantSessionProps) {
  const { i18n } = useTranslation();
  // A new lazy component per retry: React keeps a failed import's error otherwise.
  const [attempt, setAttempt] = useState(() => ({ count: 0, Session: FirstSession }));
  const { count, Session } = attempt;
  const retry = () => {
    // i18next never asks again for a namespace that failed: reload the assistant's own first.
    void i18n
      .reloadResources(i18n.language, KNOWLEDGE_NAMESPACES)
      .catch(() => undefined)
      .then(() => setAttempt((previous) => ({ count: previous.count + 1, Session: lazy(loadSession) })));
  };
  return (
    <SessionBoundary key={count} onRetry={retry} again={count > 0}>
      <Suspense fallback={<SessionLoading />}>
        {/* After a retry, the focus was on its button, now gone: it goes to the question box. */}
        <Session {...props} focusQuestion={count > 0} />
      </Suspense>
    </SessionBoundary>
  );
}

/**
 * The assistant of /ai-powered-form: a panel beside the form on wide screens; on phones, a floating
 * button opens it over the page and an X closes it. It answers offline from our own content.
 */
export const WizardAssistant = memo(function WizardAssistant({
  focusedField,
  jumpToField,
  steps,
  jurisdiction = null,
  legalForm = null,
  facts = NO_COMPANY_FACTS,
}: WizardAssistantProps) {
  const { t } = useTranslation('assistant');
  // The country and form the wizard passes apart win over the facts' (the same answers, told twice).
  const companyFacts = useMemo(
    () => ({
      ...facts,
      jurisdiction: jurisdiction ?? facts.jurisdiction,
      legalForm: legalForm ?? facts.legalForm,
    }),
    [facts, jurisdiction, legalForm],
  );
  // The conversation outlives the phone panel's closing; answers are kept as entries, so that they
  // show in the language chosen later.
  const log = useExchangeLog();
  const isDesktop = useMediaQuery('(min-width: 62em)', false);
  const [opened, setOpened] = useState(false);
  // On phones, the assistant loads at its first opening and then stays (hidden while the drawer is
  // closed): its matcher is built once, and a question half typed is still there.
  const [everOpened, setEverOpened] = useState(false);
  // On phones, a link to a field closes the panel first, then jumps (the focus must not go back to the button).
  const [jumpAfterClose, setJumpAfterClose] = useState<string | null>(null);

  const conversation = (onJump: (field: string) => void) => (
    <LazySession steps={steps} log={log} focusedField={focusedField} facts={companyFacts} onJump={onJump} />
  );

  if (isDesktop) {
    return (
      <Paper withBorder radius="md" className={classes.panel} component="aside" aria-label={t('chat.title')}>
        <div className={classes.header}>
          <AssistantTitle />
        </div>
        {conversation(jumpToField)}
      </Paper>
    );
  }

  return (
    <>
      {/* Inside the wizard's bottom bar on phones (its right end is kept free), never over a field. */}
      <Affix position={{ bottom: 10, right: 16 }} hidden={opened} zIndex={160}>
        <ActionIcon
          size={48}
          radius="xl"
          variant="filled"
          aria-label={t('chat.open')}
          aria-haspopup="dialog"
          // Asked for as the finger or the pointer reaches the button: often there before the drawer.
          onPointerDown={() => void loadSession().catch(() => undefined)}
          onClick={() => {
            setJumpAfterClose(null);
            setEverOpened(true);
            setOpened(true);
          }}
          className={classes.fab}
        >
          <IconMessageChatbot size={26} aria-hidden="true" />
        </ActionIcon>
      </Affix>
      {/* Put together from its parts for its title bar: Mantine draws it as a <header>, which reads as
          a second banner beside the site's; it is the dialog's title bar, not a landmark. */}
      <Drawer.Root
        opened={opened}
        onClose={() => setOpened(false)}
        position="bottom"
        size="85%"
        keepMounted
        returnFocus={jumpAfterClose === null}
        // Cleared at the next opening, not here: clearing it now would turn returnFocus back on and
        // send the focus to the floating button, away from the field.
        onExitTransitionEnd={() => {
          if (jumpAfterClose !== null) jumpToField(jumpAfterClose);
        }}
      >
        <Drawer.Overlay />
        <Drawer.Content className={classes.drawerContent}>
          <Drawer.Header role="presentation">
            <Drawer.Title>
              <AssistantTitle />
            </Drawer.Title>
            <Drawer.CloseButton aria-label={t('chat.close')} />
          </Drawer.Header>
          <Drawer.Body className={classes.drawerBody}>
            {everOpened
              ? conversation((field) => {
                  setJumpAfterClose(field);
                  setOpened(false);
                })
              : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
});
