import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageIntro } from '@/components/page-intro';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import type { StepDefinition } from '@/forms/form-definition';
import { ActsSection } from './acts-section';
import { LeaveFile } from './leave-file';
import { companyLabel, type FileData } from './file-words';
import { OwnRecordForm } from './own-record-form';
import type { SharedFile } from './team-api';
import { useFileSteps, useSharedFile } from './use-file';

/** The file's answers for reading, as the wizard's review shows them (composed by the route). */
export type FileSummaryRenderer = (props: { data: FileData; steps: readonly StepDefinition[] }) => ReactNode;

/**
 * /shared/:fileId: a company file as one of its people sees it. Read-only, but for the co-founder's own
 * person record ("Mes informations"), and the acts the file asks of them ("Mes engagements"). The founder
 * sees the same page for their own file, their record staying the wizard's.
 */
export function SharedFilePage({ renderSummary }: { renderSummary?: FileSummaryRenderer }) {
  const { t } = useTranslation('cofounders');
  const { fileId = '' } = useParams();
  const { load, reload, replace } = useSharedFile(fileId);
  const file = load.status === 'ready' ? load.file : null;
  const steps = useFileSteps(file?.data ?? null);

  if (load.status === 'loading') return <PageLoader />;
  if (load.status !== 'ready')
    return (
      <PageIntro title={t('shared.title')}>
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{t(load.status === 'missing' ? 'shared.missing' : 'shared.loadError')}</Text>
            {load.status === 'failed' ? (
              <Button variant="light" onClick={reload}>
                {t('actions.retry')}
              </Button>
            ) : (
              <Anchor component={Link} to={paths.dashboard}>
                {t('shared.toDashboard')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      </PageIntro>
    );

  const loaded = load.file;
  // What the acts approve and the documents print is the submitted file: it is what the page shows
  // (the draft only in the own-record form), until the first submission.
  const shown: SharedFile = { ...loaded, data: loaded.submittedData ?? loaded.data };
  const company = companyLabel(shown.data) || t('shared.unnamedCompany');
  const founder = loaded.role === 'founder';
  return (
    <PageIntro
      title={company}
      lead={t(founder ? 'shared.leadFounder' : 'shared.lead', { company, founder: loaded.founder })}
    >
      {founder ? (
        <Anchor component={Link} to={paths.team}>
          {t('shared.toTeam')}
        </Anchor>
      ) : null}
      {loaded.status === 'amended' && loaded.submittedData ? (
        <Alert color="orange" role="status">
          {t('shared.amended', { founder: loaded.founder })}
        </Alert>
      ) : loaded.status !== 'submitted' ? (
        <Alert color="blue" role="status">
          {t('shared.notSubmitted', { founder: loaded.founder })}
        </Alert>
      ) : null}
      {steps ? (
        <>
          {founder ? (
            <Text>
              <Anchor component={Link} to={paths.wizard}>
                {t('shared.ownRecordInWizard')}
              </Anchor>
            </Text>
          ) : (
            <Paper withBorder radius="md" p="lg">
              <OwnRecordForm file={loaded} steps={steps} onSaved={replace} />
            </Paper>
          )}
          {renderSummary ? (
            <Stack gap="md" component="section" aria-labelledby="shared-file-summary">
              <Title order={2} id="shared-file-summary">
                {t('shared.summaryTitle')}
              </Title>
              <Text c="dimmed">{t('shared.summaryLead')}</Text>
              {renderSummary({ data: shown.data, steps })}
            </Stack>
          ) : null}
          {/* After the file: what the person approves is what they just read. */}
          <ActsSection file={shown} steps={steps} onFileChanged={reload} />
        </>
      ) : (
        <PageLoader />
      )}
      {founder ? null : <LeaveFile fileId={loaded.fileId} founder={loaded.founder} />}
    </PageIntro>
  );
}
