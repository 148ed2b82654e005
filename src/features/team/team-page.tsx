import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageIntro } from '@/components/page-intro';
import { paths, sharedFilePath } from '@/config/paths';
import { sessionUserAtom } from '@/lib/session/session';
import { ActsSection } from './acts-section';
import { MemberCard } from './member-card';
import { fetchMembers, type FileMember } from './team-api';
import { useFileSteps, useSharedFile } from './use-file';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; members: FileMember[] };

/** The founder's own acts, on their own file (fileId = their account's id). */
function OwnActs({ userId }: { userId: string }) {
  const { load, reload } = useSharedFile(userId);
  const file = load.status === 'ready' ? load.file : null;
  const steps = useFileSteps(file?.data ?? null);
  if (!file || !steps) return null;
  return <ActsSection file={file} steps={steps} onFileChanged={reload} />;
}

/**
 * /team, "Associés et dirigeants": every person of the founder's file who can be invited, where their
 * invitation stands, whether their record is complete, the acts they gave and the documents they
 * signed; then the founder's own acts.
 */
export function TeamPage() {
  const { t } = useTranslation('cofounders');
  const user = useAtomValue(sessionUserAtom);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const reload = useCallback((signal?: AbortSignal) => {
    fetchMembers(signal).then(
      (members) => setLoad({ status: 'ready', members }),
      (error: unknown) => {
        if (signal?.aborted) return;
        console.warn('The members could not be loaded.', error);
        setLoad({ status: 'failed' });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  return (
    <PageIntro title={t('team.title')} lead={t('team.lead')}>
      {user ? (
        <Anchor component={Link} to={sharedFilePath(user.id)}>
          {t('team.seeFile')}
        </Anchor>
      ) : null}
      <Stack gap="md" component="section" aria-labelledby="team-members">
        <Title order={2} id="team-members">
          {t('team.membersTitle')}
        </Title>
        {load.status === 'loading' ? <Text role="status">{t('team.loading')}</Text> : null}
        {load.status === 'failed' ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('team.loadError')}</Text>
              <Button variant="light" onClick={() => reload()}>
                {t('actions.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {load.status === 'ready' && load.members.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text>{t('team.empty')}</Text>
            <Anchor component={Link} to={paths.wizard}>
              {t('team.toWizard')}
            </Anchor>
          </Stack>
        ) : null}
        {load.status === 'ready'
          ? load.members.map((member) => (
              <MemberCard key={member.personId} member={member} onChanged={() => reload()} />
            ))
          : null}
      </Stack>
      {user ? <OwnActs userId={user.id} /> : null}
    </PageIntro>
  );
}
