import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileZip } from '@tabler/icons-react';
import { startTransition, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { displayName } from '@/lib/i18n/display-name';
import { displayParams } from '@/shared/filing-params';
import { downloadFailureMessage } from './download-messages';
import {
  DOCUMENT_FORMATS,
  type DocumentFormat,
  type DocumentLanguage,
  type DownloadOutcome,
} from './download-document';
import {
  downloadFilingPack,
  fetchFilingCheck,
  wizardLinkOf,
  type FilingCheckResult,
  type FilingProblem,
} from './filing-check';

/** `legal-declaration` → `legalDeclaration`: the wizard's step titles are keyed so. */
const stepKey = (step: string) => step.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function ProblemItem({ problem }: { problem: FilingProblem }) {
  const { t, i18n } = useTranslation(['documents', 'wizard']);
  // Keys come from the server's rules (documents:filingCheck.rules.*, wizard:beneficialOwners.*).
  const message = t(problem.messageKey as never, displayParams(problem.params, i18n.language) as never);
  return (
    <List.Item data-rule={problem.rule} data-severity={problem.severity}>
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge
            color={problem.severity === 'blocking' ? 'red' : 'orange'}
            variant="light"
            // The darkest shade on the light background: readable at the badge's small size (WCAG AA).
            c={problem.severity === 'blocking' ? 'red.9' : 'orange.9'}
            style={{ flexShrink: 0 }}
          >
            {t(`documents:filingCheck.severity.${problem.severity}`)}
          </Badge>
          <Text size="sm">{String(message)}</Text>
        </Group>
        {problem.article ? (
          <Text size="xs" c="dimmed">
            {t('documents:filingCheck.article', { article: problem.article })}
          </Text>
        ) : null}
        {problem.step ? (
          <Anchor component={Link} to={wizardLinkOf(problem, paths.wizard)} size="sm" fw={600}>
            {t('documents:filingCheck.fixLink', {
              step: t(`wizard:steps.${stepKey(problem.step)}.title` as never),
            })}
          </Anchor>
        ) : null}
      </Stack>
    </List.Item>
  );
}

/**
 * The pre-filing check's verdict, shown before any download: green when ready, else what to fix and
 * where; before the founder has a file, the way to the guided form.
 */
export function FilingVerdict({ ownsDocuments }: { ownsDocuments: boolean }) {
  const { t } = useTranslation('documents');
  const titleId = useId();
  const [result, setResult] = useState<FilingCheckResult | null>(null);

  useEffect(() => {
    let current = true;
    void fetchFilingCheck(ownsDocuments).then((answer) => {
      // Low priority, like the page's other answers (rendered in slices).
      if (current) startTransition(() => setResult(answer));
    });
    return () => {
      current = false;
    };
  }, [ownsDocuments]);

  const check = result?.status === 'ready' ? result.check : null;
  const blocking = check?.problems.filter((problem) => problem.severity === 'blocking') ?? [];
  const ready = check?.verdict === 'ready';
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="filing-check"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          {t('filingCheck.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('filingCheck.lead')}
        </Text>
        {result === null ? (
          <>
            {/* As tall as the words said when there is no file yet (two lines on a phone, one on a wide
                screen), which stand hidden beneath: the cards below do not move when they replace it. */}
            <Box pos="relative">
              <Text size="sm" aria-hidden="true" style={{ visibility: 'hidden' }}>
                {t('filingCheck.noFile')}
              </Text>
              <Text size="sm" role="status" pos="absolute" top={0} left={0}>
                {t('filingCheck.loading')}
              </Text>
            </Box>
            <Skeleton height={40} />
          </>
        ) : result.status === 'none' ? (
          // No file yet: the way to start one, in about the loader's height, so that the cards below stay put.
          <>
            <Text size="sm">{t('filingCheck.noFile')}</Text>
            <Button component={Link} to={paths.wizard} variant="light" h={40}>
              {t('filingCheck.startForm')}
            </Button>
          </>
        ) : result.status === 'failed' || !check ? (
          <Text size="sm">{t('filingCheck.failed')}</Text>
        ) : (
          <>
            <Alert
              color={ready ? 'green' : 'red'}
              variant="light"
              icon={ready ? <IconCircleCheck aria-hidden="true" /> : <IconAlertTriangle aria-hidden="true" />}
              data-verdict={check.verdict}
              role="status"
            >
              <Text fw={600} size="sm">
                {ready
                  ? check.problems.length > 0
                    ? t('filingCheck.readyWithWarnings')
                    : t('filingCheck.ready')
                  : t('filingCheck.fix')}
              </Text>
            </Alert>
            {check.problems.length > 0 ? (
              <List spacing="sm" listStyleType="none" withPadding={false}>
                {check.problems.map((problem, index) => (
                  <ProblemItem key={`${problem.rule}-${problem.field}-${index}`} problem={problem} />
                ))}
              </List>
            ) : null}
            <Text size="xs" c="dimmed">
              {check.source === 'submitted' ? t('filingCheck.sourceSubmitted') : t('filingCheck.sourceDraft')}
            </Text>
            {blocking.length > 0 ? (
              <Text size="xs" c="dimmed">
                {t('filingCheck.downloadAnyway')}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The whole pack in one ZIP: the filing copies, the translations in the interface language, the checklist. */
export function FilingPackCard({
  filingLanguage,
  interfaceLanguage,
}: {
  filingLanguage: DocumentLanguage | null;
  interfaceLanguage: string;
}) {
  const { t, i18n } = useTranslation('documents');
  const titleId = useId();
  const [pending, setPending] = useState<DocumentFormat | null>(null);
  const [outcome, setOutcome] = useState<DownloadOutcome | null>(null);
  const translation =
    filingLanguage && interfaceLanguage !== filingLanguage
      ? (interfaceLanguage as DocumentLanguage)
      : undefined;
  const download = async (format: DocumentFormat) => {
    setPending(format);
    setOutcome(null);
    setOutcome(await downloadFilingPack(format, translation));
    setPending(null);
  };
  const message = outcome && outcome !== 'saved' ? downloadFailureMessage(t, outcome) : null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="filing-pack"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconFileZip size={28} aria-hidden="true" />
          <Title order={2} fz="lg" id={titleId}>
            {t('pack.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('pack.description')}
        </Text>
        {translation ? (
          <Text size="sm">
            {t('pack.translations', { language: displayName(i18n.language, 'language', translation) })}
          </Text>
        ) : null}
        <Group gap="xs" grow>
          {DOCUMENT_FORMATS.map((format) => (
            <Button
              key={format}
              variant={format === 'pdf' ? 'filled' : 'light'}
              loading={pending === format}
              disabled={pending !== null && pending !== format}
              onClick={() => void download(format)}
              leftSection={<IconFileZip size={16} aria-hidden="true" />}
              h="auto"
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              {t(`pack.${format}`)}
            </Button>
          ))}
        </Group>
        {outcome === 'saved' ? (
          <Text size="sm" c="brand.8" role="status">
            {t('pack.ready')}
          </Text>
        ) : message ? (
          <Alert color="red" variant="light" p="sm" role="alert">
            <Text size="sm">{message}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
