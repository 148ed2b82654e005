/**
 * /sign/:fileId: the electronic signature of a company file's documents (the file's id is its
 * founder's account id). Before a round, the founder reads what is missing and prepares the
 * documents; during one, each signatory reads their documents in full and signs them with a code
 * sent by e-mail (France) or downloads them for their qualified signature (Romania, mode qualified).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageIntro } from '@/components/page-intro';
import { PageLoader } from '@/components/page-loader';
import { sessionUserAtom } from '@/lib/session/session';
import { fetchSigningState, type SigningState, type SigningStateResult } from '@/lib/signing/signing-api';
import { fetchOwnFileWords, signatoryNames, type FileWords, type Jurisdiction } from './file-words';
import { ReadinessPanel } from './readiness-panel';
import { EvidenceDownload, RoundDocuments } from './round-documents';
import { LegalLevel, QualifiedNotice, VoidedNotice } from './round-notices';
import { SignPanel } from './sign-panel';

const NO_WORDS: FileWords = { jurisdiction: null, names: new Map() };

function jurisdictionOf(state: SigningState, words: FileWords): Jurisdiction | null {
  if (state.round) return state.round.mode === 'qualified' ? 'RO' : 'FR';
  return words.jurisdiction;
}

function SigningView({
  fileId,
  state,
  words,
  setState,
  reload,
}: {
  fileId: string;
  state: SigningState;
  words: FileWords;
  setState: (state: SigningState) => void;
  reload: () => void;
}) {
  const { t } = useTranslation('signing');
  const round = state.round;
  const founder = state.role === 'founder';
  const names = new Map([...words.names, ...signatoryNames(round)]);
  const jurisdiction = jurisdictionOf(state, words);
  const live = round && round.status !== 'voided' ? round : null;
  // The evidence file names each signatory's address, IP and browser: the founder's and theirs only.
  const seesEvidence =
    founder ||
    (live?.documents.some((document) =>
      document.signatories.some((signatory) => signatory.personId === state.personId),
    ) ??
      false);

  return (
    <Stack gap="xl">
      {jurisdiction ? <LegalLevel jurisdiction={jurisdiction} /> : null}
      {round?.status === 'voided' ? <VoidedNotice round={round} names={names} founder={founder} /> : null}
      {!live ? (
        founder ? (
          <ReadinessPanel fileId={fileId} state={state} words={words} onStarted={setState} onStale={reload} />
        ) : (
          <Text>{t('readiness.coFounder')}</Text>
        )
      ) : (
        <>
          {live.status === 'complete' ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck aria-hidden="true" />}
              title={t('complete.title')}
            >
              {t('complete.body')}
            </Alert>
          ) : null}
          {live.mode === 'qualified' && live.status === 'open' ? <QualifiedNotice /> : null}
          {live.mode === 'electronic' && live.status === 'open' ? (
            <SignPanel fileId={fileId} state={state} onSigned={setState} onStale={reload} />
          ) : null}
          <RoundDocuments fileId={fileId} round={live} personId={state.personId} />
          {live.status === 'complete' && seesEvidence ? <EvidenceDownload fileId={fileId} /> : null}
        </>
      )}
    </Stack>
  );
}

export function SigningPage() {
  // The legal words (consent, legal level, acts) are read throughout the page: loaded with its own.
  const { t } = useTranslation(['signing', 'legal-acts']);
  const { fileId = '' } = useParams();
  const user = useAtomValue(sessionUserAtom);
  const [result, setResult] = useState<SigningStateResult | null>(null);
  const [words, setWords] = useState<FileWords>(NO_WORDS);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const ownFile = user?.id === fileId;

  useEffect(() => {
    const controller = new AbortController();
    void fetchSigningState(fileId, controller.signal).then((next) => {
      if (!controller.signal.aborted) setResult(next);
    });
    return () => controller.abort();
  }, [fileId, attempt]);

  // The founder's own file names the persons the reasons speak of, and its country.
  useEffect(() => {
    if (!ownFile) return undefined;
    let current = true;
    void fetchOwnFileWords().then((next) => {
      if (current) setWords(next);
    });
    return () => {
      current = false;
    };
  }, [ownFile]);

  let body;
  if (result === null) body = <PageLoader />;
  else if (result.status === 'none')
    body = (
      <Alert color="gray" variant="light" role="alert">
        {t('page.notFound')}
      </Alert>
    );
  else if (result.status === 'failed')
    body = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('page.failed')}</Text>
          <Button variant="light" onClick={reload}>
            {t('page.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else
    body = (
      <SigningView
        fileId={fileId}
        state={result.state}
        words={words}
        setState={(state) => setResult({ status: 'ready', state })}
        reload={reload}
      />
    );

  return (
    <PageIntro title={t('page.title')} lead={t('page.lead')}>
      {body}
    </PageIntro>
  );
}
