/**
 * Before a round (or after one was voided), for the founder: each thing that stops the documents
 * from being prepared, said plainly with where to fix it, and the button that prepares them.
 */
import { Alert, Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { startSigningRound, type SigningReason, type SigningState } from '@/lib/signing/signing-api';
import type { FileWords } from './file-words';

/** Where each reason is fixed: the wizard, the pre-filing check on /documents, the team page, the plans. */
const FIX_PATH: Record<SigningReason['code'], string> = {
  NOT_SUBMITTED: paths.wizard,
  FILING_CHECK: paths.documents,
  ACT_MISSING: paths.team,
  SIGNATORY_NOT_JOINED: paths.team,
  NOT_PURCHASED: paths.plans,
  NO_DOCUMENT: paths.documents,
};

function ReasonItem({ reason, words }: { reason: SigningReason; words: FileWords }) {
  const { t, i18n } = useTranslation('signing');
  const person = (reason.personId && words.names.get(reason.personId)) || t('readiness.someone');
  const actKey = `legal-acts:acts.${reason.act ?? ''}.${words.jurisdiction ?? 'FR'}.title`;
  const act = reason.act && i18n.exists(actKey) ? i18n.t(actKey as never) : t('readiness.theirAct');
  return (
    <List.Item>
      <Stack gap={2}>
        <Text size="sm">{t(`readiness.reasons.${reason.code}`, { person, act })}</Text>
        <Anchor component={Link} to={FIX_PATH[reason.code]} size="sm" fw={600}>
          {t(`readiness.fix.${reason.code}`)}
        </Anchor>
      </Stack>
    </List.Item>
  );
}

function Reasons({ readiness, words }: { readiness: SigningReason[]; words: FileWords }) {
  return (
    <List spacing="sm">
      {readiness.map((reason, index) => (
        <ReasonItem
          key={`${reason.code}-${reason.personId ?? ''}-${reason.act ?? ''}-${index}`}
          reason={reason}
          words={words}
        />
      ))}
    </List>
  );
}

export function ReadinessPanel({
  fileId,
  state,
  words,
  onStarted,
  onStale,
}: {
  fileId: string;
  state: SigningState;
  words: FileWords;
  onStarted: (state: SigningState) => void;
  /** The page is behind the server (a round started meanwhile, in another tab): load it again. */
  onStale: () => void;
}) {
  const { t } = useTranslation('signing');
  const [starting, setStarting] = useState(false);
  const [refused, setRefused] = useState<SigningReason[] | null>(null);
  const [failed, setFailed] = useState(false);
  const readiness = refused ?? state.readiness;

  const start = async () => {
    setStarting(true);
    setFailed(false);
    const result = await startSigningRound(fileId);
    setStarting(false);
    if (result.status === 'started') onStarted(result.state);
    else if (result.status === 'not-ready') setRefused(result.readiness);
    else if (result.status === 'already-started') onStale();
    else setFailed(true);
  };

  return (
    <Stack gap="sm" component="section" aria-label={t('readiness.title')}>
      <Title order={2} fz="h3">
        {t('readiness.title')}
      </Title>
      {readiness.length === 0 ? (
        <Alert color="green" variant="light" icon={<IconFileCheck aria-hidden="true" />}>
          {t('readiness.ready')}
        </Alert>
      ) : (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          role={refused ? 'alert' : undefined}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {refused ? t('readiness.notReady') : t('readiness.intro')}
            </Text>
            <Reasons readiness={readiness} words={words} />
          </Stack>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('readiness.startNote')}
      </Text>
      <div>
        <Button loading={starting} onClick={() => void start()}>
          {t('readiness.start')}
        </Button>
      </div>
      {failed ? (
        <Text size="sm" c="red.8" role="alert">
          {t('readiness.startFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}
