import {
  Alert,
  Anchor,
  Avatar,
  Box,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconReceipt, IconShieldLock } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { InvoiceList } from '@/components/invoice-list';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { getValidToken } from '@/lib/session/session';
import { EditProfileModal } from './edit-profile-modal';
import { formatDate, initialsOf, isNewEmail } from './profile-data';
import { ProfileMessageAlert, type ProfileMessage } from './profile-messages';
import { YourDataCard } from './your-data-card';

type UserInfo = components['schemas']['UserInfo'];

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; user: UserInfo };

/**
 * /user-profile: who the user is, whether their e-mail is verified, editing it all, a password reset, and
 * their data (a copy of it, deleting the account).
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // Each outcome shows in the card of the button that caused it, where the user is looking (on a phone too).
  const [message, setMessage] = useState<(ProfileMessage & { area: 'info' | 'security' }) | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'resend' | 'reset' | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    apiClient
      .GET('/api/user/info', { signal })
      .then(({ data }) => setState(data ? { status: 'ready', user: data } : { status: 'failed' }))
      .catch((error: unknown) => {
        if (!signal?.aborted) {
          console.error('Loading the profile failed', error);
          setState({ status: 'failed' });
        }
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (state.status === 'loading') {
    return (
      <Container size="md" py="xl">
        <Text role="status">{t('loading', { ns: 'common' })}</Text>
      </Container>
    );
  }
  if (state.status === 'failed') {
    return (
      <Container size="md" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>{t('page.title')}</Title>
          <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            {t('loadError')}
          </Alert>
          <Button
            variant="default"
            onClick={() => {
              setState({ status: 'loading' });
              load();
            }}
          >
            {t('retry')}
          </Button>
        </Stack>
      </Container>
    );
  }

  const { user } = state;
  const notAvailable = t('info.notAvailable');

  const resendVerification = async () => {
    setBusy('resend');
    try {
      await apiClient.GET('/api/resend-verification-email');
      setMessage({ key: 'messages.resendSuccess', tone: 'success', area: 'info' });
    } catch {
      setMessage({ key: 'messages.resendError', tone: 'error', area: 'info' });
    }
    setBusy(null);
  };

  const sendPasswordReset = async () => {
    setBusy('reset');
    try {
      await apiClient.POST('/api/auth/forgot-password', { body: { email: user.email } });
      setMessage({ key: 'messages.resetSuccess', tone: 'success', area: 'security' });
    } catch {
      setMessage({ key: 'messages.resetError', tone: 'error', area: 'security' });
    }
    setBusy(null);
  };

  const saved = (updated: UserInfo) => {
    setState({ status: 'ready', user: updated });
    setEditing(false);
    // A new address is unverified until its link is followed; the old one was told of the change.
    const emailChange = isNewEmail(updated.email, user.email)
      ? {
          detail: 'messages.emailChangeSent' as const,
          detailValues: { newEmail: updated.email, oldEmail: user.email },
        }
      : {};
    setMessage({ key: 'messages.updateSuccess', tone: 'success', area: 'info', ...emailChange });
    // The header greets the user by the first name inside the token: get one that carries the new name.
    void getValidToken({ force: true });
  };

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar size={72} radius="xl" color="brand" variant="filled" aria-hidden="true">
            {initialsOf(user)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              {user.firstname} {user.lastname}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Stack>
        </Group>

        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-info-title">
          <Group justify="space-between" mb="md">
            <Title order={2} fz="h3" id="profile-info-title">
              {t('info.title')}
            </Title>
            <Button
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden="true" />}
              onClick={() => setEditing(true)}
            >
              {t('info.edit')}
            </Button>
          </Group>
          {message?.area === 'info' ? (
            <Box mb="md">
              <ProfileMessageAlert message={message} onClose={() => setMessage(null)} />
            </Box>
          ) : null}
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
            <InfoRow label={t('fields.firstname')}>{user.firstname}</InfoRow>
            <InfoRow label={t('fields.lastname')}>{user.lastname}</InfoRow>
            <InfoRow label={t('fields.email')}>{user.email}</InfoRow>
            <InfoRow label={t('info.emailStatus')}>
              {/* The resend button sits inside the <dd>: a <dl> holds only its terms and descriptions. */}
              <Stack gap={6} align="flex-start" component="span">
                <Badge color={user.isEmailVerified ? 'brand' : 'gray.7'} variant="filled" component="span">
                  {user.isEmailVerified ? t('info.verified') : t('info.notVerified')}
                </Badge>
                {user.isEmailVerified ? null : (
                  <Button
                    size="xs"
                    variant="outline"
                    w="fit-content"
                    loading={busy === 'resend'}
                    onClick={() => void resendVerification()}
                  >
                    {t('info.resendVerification')}
                  </Button>
                )}
              </Stack>
            </InfoRow>
            <InfoRow label={t('fields.phoneNumber')}>{user.phoneNumber || notAvailable}</InfoRow>
            <InfoRow label={t('fields.dateOfBirth')}>
              {user.dateOfBirth ? formatDate(user.dateOfBirth, i18n.language) : notAvailable}
            </InfoRow>
            <InfoRow label={t('fields.companyName')}>{user.companyName || notAvailable}</InfoRow>
          </SimpleGrid>
        </Card>

        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-labelledby="profile-security-title"
        >
          <Stack gap="sm" align="flex-start">
            <Group gap="xs">
              <IconShieldLock size={22} aria-hidden="true" />
              <Title order={2} fz="h3" id="profile-security-title">
                {t('security.title')}
              </Title>
            </Group>
            <Text c="dimmed">{t('security.text')}</Text>
            <Button variant="default" loading={busy === 'reset'} onClick={() => void sendPasswordReset()}>
              {t('security.resetPassword')}
            </Button>
            {message?.area === 'security' ? (
              <Box w="100%">
                <ProfileMessageAlert message={message} onClose={() => setMessage(null)} />
              </Box>
            ) : null}
          </Stack>
        </Card>

        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-labelledby="profile-invoices-title"
        >
          <Stack gap="sm">
            <Group gap="xs">
              <IconReceipt size={22} aria-hidden="true" />
              <Title order={2} fz="h3" id="profile-invoices-title">
                {t('invoices.title')}
              </Title>
            </Group>
            <Text c="dimmed">{t('invoices.text')}</Text>
            <Anchor component={Link} to={paths.orders} fw={600}>
              {t('invoices.orders')}
            </Anchor>
            <InvoiceList />
          </Stack>
        </Card>

        <YourDataCard />
      </Stack>

      <EditProfileModal user={user} opened={editing} onClose={() => setEditing(false)} onSaved={saved} />
    </Container>
  );
}
