import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageIntro } from '@/components/page-intro';
import { PageLoader } from '@/components/page-loader';
import { invitationPath, loginHref, sharedFilePath, signupHref } from '@/config/paths';
import { isLoggedInAtom } from '@/lib/session/session';
import { refusalKey } from './member-outcomes';
import {
  acceptInvitation,
  errorCode,
  fetchInvitation,
  logOut,
  statusOf,
  type InvitationInfo,
} from './team-api';

type Load =
  | { status: 'loading' }
  | { status: 'unknown' }
  | { status: 'failed' }
  | { status: 'ready'; invitation: InvitationInfo };

/**
 * /invitations/:token, the link of an invitation e-mail (public): who invites to which company as which
 * person, and whether the link still works. A visitor creates an account (the address prefilled) or logs
 * in, and comes back here; then joins the file and goes on to it.
 */
export function InvitationPage() {
  const { t } = useTranslation('cofounders');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [joining, setJoining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The account logged in is not the invited address's: it must come back with that one.
  const [otherAddress, setOtherAddress] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchInvitation(token, controller.signal).then(
      (invitation) => setLoad({ status: 'ready', invitation }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: statusOf(error) === 404 ? 'unknown' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [token]);

  if (load.status === 'loading') return <PageLoader />;
  if (load.status !== 'ready')
    return (
      <PageIntro title={t('invitation.title')}>
        <Alert color="red" role="alert">
          {t(load.status === 'unknown' ? 'invitation.unknown' : 'invitation.loadError')}
        </Alert>
      </PageIntro>
    );

  const { invitation } = load;
  const company = invitation.company || t('invitation.unnamedCompany');
  const here = invitationPath(token);
  const open = invitation.state === 'pending' || invitation.state === 'accepted';

  const join = async () => {
    setJoining(true);
    setFailure(null);
    try {
      const joined = await acceptInvitation(token);
      void navigate(sharedFilePath(joined.fileId));
    } catch (error) {
      if (errorCode(error) === 'INVITATION_OTHER_ADDRESS') setOtherAddress(true);
      else setFailure(refusalKey(error));
      setJoining(false);
    }
  };

  /** Logs out, then goes to `target` (sign-up prefilled with the invited address, or log-in), and back here. */
  const switchAccount = async (target: string) => {
    await logOut();
    void navigate(target);
  };

  return (
    <PageIntro title={t('invitation.titleCompany', { company })}>
      <Card withBorder radius="lg" padding="xl" maw={720}>
        <Stack gap="md">
          <Text size="lg">
            {invitation.company
              ? t('invitation.body', { inviter: invitation.inviter, company, person: invitation.personName })
              : t('invitation.bodyUnnamed', { inviter: invitation.inviter, person: invitation.personName })}
          </Text>
          <Text>{t('invitation.what')}</Text>
          <Alert
            color={open ? (invitation.state === 'pending' ? 'blue' : 'teal') : 'orange'}
            role="status"
            title={t(`invitation.states.${invitation.state}.title`)}
          >
            {t(`invitation.states.${invitation.state}.body`, { inviter: invitation.inviter })}
          </Alert>
          {failure ? (
            <Alert color="red" role="alert">
              {t(failure as never, { inviter: invitation.inviter })}
            </Alert>
          ) : null}
          {otherAddress && loggedIn ? (
            <Alert
              color="orange"
              role="alert"
              title={t('invitation.otherAddress.title', { email: invitation.email })}
            >
              <Stack gap="sm">
                <Text size="sm">
                  {t('invitation.otherAddress.body', {
                    email: invitation.email,
                    inviter: invitation.inviter,
                  })}
                </Text>
                <Group>
                  <Button onClick={() => void switchAccount(signupHref(here, invitation.email))}>
                    {t('invitation.otherAddress.signup', { email: invitation.email })}
                  </Button>
                  <Button variant="default" onClick={() => void switchAccount(loginHref(here))}>
                    {t('invitation.otherAddress.login', { email: invitation.email })}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          {open && loggedIn && !otherAddress ? (
            <Group>
              <Button size="md" onClick={() => void join()} loading={joining}>
                {t('invitation.join')}
              </Button>
            </Group>
          ) : null}
          {open && !loggedIn ? (
            <Stack gap="xs">
              <Text size="sm">{t('invitation.accountFirst', { email: invitation.email })}</Text>
              <Group>
                <Button size="md" component={Link} to={signupHref(here, invitation.email)}>
                  {t('invitation.signup')}
                </Button>
                <Button size="md" variant="default" component={Link} to={loginHref(here)}>
                  {t('invitation.login')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Card>
    </PageIntro>
  );
}
