/**
 * The current person's signature (a round signed online, France): each open document they sign,
 * read to its end, the box that says so, a one-time code by e-mail and the consent words beside
 * "Sign". The button stays off until every end was reached, the box ticked and six digits typed.
 */
import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail, IconSignature } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SigningDownloadButton } from '@/components/signing-download-button';
import { displayName } from '@/lib/i18n/display-name';
import { isLanguage } from '@/lib/i18n/languages';
import {
  documentsInOrder,
  downloadSigningDocument,
  sendSigningCode,
  signDocuments,
  type CodeResult,
  type SignResult,
  type SigningState,
} from '@/lib/signing/signing-api';
import { DocumentReader } from './document-reader';
import { longDate } from './file-words';
import classes from './signing.module.css';

const CODE_PATTERN = /^[0-9]{6}$/;

function CodeMessage({ result, language }: { result: CodeResult; language: string }) {
  const { t } = useTranslation('signing');
  if (result.status === 'sent')
    return (
      <Text size="sm" role="status">
        {t('sign.codeSent', {
          address: result.sentTo,
          time: longDate(result.expiresAt, language),
        })}
      </Text>
    );
  const key = {
    'too-many': 'sign.codeTooMany',
    refused: 'sign.codeRefused',
    failed: 'sign.codeFailed',
  } as const;
  return (
    <Text size="sm" c="red.8" role="alert">
      {t(key[result.status])}
    </Text>
  );
}

function SignError({ result }: { result: Exclude<SignResult, { status: 'signed' }> }) {
  const { t } = useTranslation('signing');
  let message: string;
  if (result.status === 'failed') message = t('sign.errors.failed');
  else if (result.reason === 'CODE_INVALID')
    message =
      result.attemptsLeft === undefined
        ? t('sign.errors.CODE_INVALID_unknown')
        : t('sign.errors.CODE_INVALID', { count: result.attemptsLeft });
  else message = t(`sign.errors.${result.reason}`);
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

export function SignPanel({
  fileId,
  state,
  onSigned,
  onStale,
}: {
  fileId: string;
  state: SigningState;
  /** The round as the signature left it. */
  onSigned: (state: SigningState) => void;
  /** The server says the round moved on (voided, already signed, not open): read it again. */
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation('signing');
  const consentId = useId();
  const [reached, setReached] = useState<ReadonlySet<string>>(new Set());
  const [readInFull, setReadInFull] = useState(false);
  const [codeResult, setCodeResult] = useState<CodeResult | null>(null);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [signing, setSigning] = useState(false);
  const [signResult, setSignResult] = useState<SignResult | null>(null);
  const round = state.round;
  if (!round) return null;

  const mine = documentsInOrder(round).filter((document) =>
    document.signatories.some((signatory) => signatory.personId === state.personId),
  );
  const unsigned = mine.filter((document) =>
    document.signatories.some((signatory) => signatory.personId === state.personId && !signatory.signedAt),
  );
  const toSign = unsigned.filter((document) => document.open);
  const waiting = unsigned.filter((document) => !document.open);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const languageName = (code: string) => displayName(i18n.language, 'language', code);
  const signedNow = signResult?.status === 'signed';

  const title = (
    <Title order={2} fz="h3">
      {t('sign.title')}
    </Title>
  );
  if (toSign.length === 0)
    return (
      <Stack gap="xs" component="section" aria-label={t('sign.title')}>
        {title}
        {signedNow ? (
          <Alert color="green" variant="light" role="status">
            {t('sign.signed')}
          </Alert>
        ) : null}
        <Text>
          {mine.length === 0
            ? t('sign.nothing')
            : waiting.length > 0
              ? t('sign.waiting')
              : t('sign.allSigned')}
        </Text>
      </Stack>
    );

  const allRead = toSign.every((document) => reached.has(document.id));
  const gateOpen = allRead && readInFull;
  const name = toSign[0]?.signatories.find((signatory) => signatory.personId === state.personId)?.name ?? '';
  const documentIds = toSign.map((document) => document.id);
  const filingLanguage = toSign[0]?.language ?? language;
  const translation = filingLanguage !== language ? language : null;

  const send = async () => {
    setSending(true);
    setCodeResult(null);
    const result = await sendSigningCode(fileId, documentIds);
    setCodeResult(result);
    setSending(false);
  };
  const sign = async () => {
    setSigning(true);
    setSignResult(null);
    const result = await signDocuments(fileId, { documentIds, code, language });
    setSigning(false);
    setSignResult(result);
    if (result.status === 'signed') {
      setCode('');
      setReadInFull(false);
      setCodeResult(null);
      onSigned(result.state);
    } else if (
      result.status === 'refused' &&
      (result.reason === 'SIGNING_VOIDED' ||
        result.reason === 'ALREADY_SIGNED' ||
        result.reason === 'DOCUMENT_NOT_OPEN')
    )
      onStale();
  };

  return (
    <Stack gap="md" component="section" aria-label={t('sign.title')}>
      {title}
      {signedNow ? (
        <Alert color="green" variant="light" role="status">
          {t('sign.signed')}
        </Alert>
      ) : null}
      <Text>
        {translation ? t('sign.intro', { language: languageName(filingLanguage) }) : t('sign.introSame')}
      </Text>
      {toSign.map((document) => (
        <Card key={document.id} withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Title order={3} fz="md">
              {document.title}
            </Title>
            <Group gap="md" align="flex-start">
              <SigningDownloadButton
                label={t('round.download')}
                name={t('round.downloadOf', { document: document.title })}
                download={() =>
                  downloadSigningDocument(fileId, document.id, `${document.sku.toLowerCase()}.pdf`)
                }
              />
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {t('round.sha256')}
                </Text>
                <Text className={classes.hash}>{document.sha256}</Text>
              </Stack>
            </Group>
            <DocumentReader
              fileId={fileId}
              document={document}
              translation={translation}
              endReached={reached.has(document.id)}
              onEndReached={() => setReached((previous) => new Set(previous).add(document.id))}
            />
          </Stack>
        </Card>
      ))}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Checkbox
            label={t('legal-acts:consent.readInFull' as never)}
            description={allRead ? undefined : t('sign.readFirst')}
            disabled={!allRead}
            checked={readInFull}
            onChange={(event) => setReadInFull(event.currentTarget.checked)}
          />
          <Group gap="sm" align="center">
            <Button
              variant="light"
              loading={sending}
              disabled={!gateOpen}
              leftSection={<IconMail size={16} aria-hidden="true" />}
              onClick={() => void send()}
            >
              {codeResult?.status === 'sent' ? t('sign.sendAgain') : t('sign.sendCode')}
            </Button>
          </Group>
          {codeResult ? <CodeMessage result={codeResult} language={i18n.language} /> : null}
          <TextInput
            label={t('sign.codeLabel')}
            description={t('sign.codeHint')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            disabled={!gateOpen}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            w={{ base: '100%', xs: 260 }}
          />
          <Text size="sm" id={consentId} className={classes.consent}>
            {t('legal-acts:consent.sign' as never, {
              name,
              documents: toSign.map((document) => document.title).join(', '),
            })}
          </Text>
          {signResult && signResult.status !== 'signed' ? <SignError result={signResult} /> : null}
          <Group>
            <Button
              loading={signing}
              disabled={!gateOpen || !CODE_PATTERN.test(code)}
              leftSection={<IconSignature size={16} aria-hidden="true" />}
              aria-describedby={consentId}
              onClick={() => void sign()}
            >
              {t('sign.button')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
