import { Alert, Badge, Button, Card, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { IconMailForward, IconSend, IconUserMinus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstantDate } from '@/lib/format/dates';
import { LANGUAGE_NATIVE_NAMES } from '@/lib/i18n/languages';
import { InviteModal } from './invite-modal';
import { refusalKey } from './member-outcomes';
import { resendInvitation, revokeMember, type FileMember, type FileMemberState } from './team-api';

const STATE_COLORS: Record<FileMemberState, string> = {
  notInvited: 'gray',
  invited: 'blue',
  expired: 'orange',
  joined: 'teal',
  revoked: 'red',
  left: 'gray',
};

type Notice = { tone: 'success' | 'error'; key: string; params?: Record<string, string> };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One person of the file as the founder follows them: roles, invitation, record, acts and signatures,
 * and what can be done next (invite, send again, revoke or remove, each removal confirmed first).
 */
export function MemberCard({ member, onChanged }: { member: FileMember; onChanged: () => void }) {
  const { t, i18n } = useTranslation('cofounders');
  const language = i18n.language;
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { state, name } = member;
  const canInvite = state === 'notInvited' || state === 'revoked' || state === 'left';
  const pending = state === 'invited' || state === 'expired';
  const date = (value: string | undefined) => (value ? formatInstantDate(value, language) : '');

  const resend = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const sent = await resendInvitation(member.personId);
      setNotice({ tone: 'success', key: 'member.resent', params: { email: sent.email ?? '' } });
      onChanged();
    } catch (error) {
      setNotice({ tone: 'error', key: refusalKey(error) });
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    setConfirming(false);
    setBusy(true);
    setNotice(null);
    try {
      await revokeMember(member.personId);
      onChanged();
    } catch (error) {
      setNotice({ tone: 'error', key: refusalKey(error) });
    } finally {
      setBusy(false);
    }
  };

  const removalKind = state === 'joined' ? 'remove' : 'revoke';

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={name}
      data-person={member.personId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} fz="lg">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {member.roles.map((role) => t(`roles.${role}`)).join(' · ')}
            </Text>
          </Stack>
          <Badge color={STATE_COLORS[state]} variant="light">
            {t(`states.${state}`)}
          </Badge>
        </Group>
        <Stack component="dl" gap={4} m={0}>
          {member.email ? (
            <Row label={t('member.email')}>
              {member.email}
              {member.language ? ` (${LANGUAGE_NATIVE_NAMES[member.language]})` : ''}
            </Row>
          ) : null}
          {state === 'invited' && member.lastSentAt ? (
            <Row label={t('member.sentOn')}>
              {t('member.sentUntil', { sent: date(member.lastSentAt), until: date(member.expiresAt) })}
            </Row>
          ) : null}
          {state === 'expired' ? <Row label={t('member.expiredOn')}>{date(member.expiresAt)}</Row> : null}
          {member.joinedAt && state === 'joined' ? (
            <Row label={t('member.joinedOn')}>{date(member.joinedAt)}</Row>
          ) : null}
          <Row label={t('member.record')}>
            {member.recordComplete ? t('member.recordComplete') : t('member.recordIncomplete')}
          </Row>
          <Row label={t('member.signed')}>{t('member.signedCount', { count: member.signed.length })}</Row>
        </Stack>
        {member.acts.length > 0 ? (
          <List size="sm" spacing={2} aria-label={t('member.acts')}>
            {member.acts.map((act) => (
              <List.Item key={act.act}>
                {t('member.actLine', { act: t(`actNames.${act.act}`), state: t(`actStates.${act.state}`) })}
              </List.Item>
            ))}
          </List>
        ) : null}
        {notice ? (
          <Alert
            color={notice.tone === 'error' ? 'red' : 'teal'}
            role={notice.tone === 'error' ? 'alert' : 'status'}
          >
            {t(notice.key as never, notice.params)}
          </Alert>
        ) : null}
        <Group gap="sm">
          {canInvite ? (
            <Button
              leftSection={<IconSend size={16} aria-hidden="true" />}
              onClick={() => setInviting(true)}
              aria-label={t('actions.inviteNamed', { name })}
            >
              {t('actions.invite')}
            </Button>
          ) : null}
          {pending ? (
            <Button
              variant="light"
              leftSection={<IconMailForward size={16} aria-hidden="true" />}
              onClick={() => void resend()}
              loading={busy}
              aria-label={t('actions.resendNamed', { name })}
            >
              {t('actions.resend')}
            </Button>
          ) : null}
          {pending || state === 'joined' ? (
            <Button
              variant="outline"
              color="red"
              leftSection={<IconUserMinus size={16} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
              disabled={busy}
              aria-label={t(`actions.${removalKind}Named`, { name })}
            >
              {t(`actions.${removalKind}`)}
            </Button>
          ) : null}
        </Group>
      </Stack>
      {inviting ? (
        <InviteModal
          member={member}
          onClose={() => setInviting(false)}
          onInvited={(invited) => {
            setInviting(false);
            setNotice({ tone: 'success', key: 'member.invited', params: { email: invited.email ?? '' } });
            onChanged();
          }}
        />
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t(`confirm.${removalKind}.title`, { name })}
      >
        <Stack gap="md">
          <Text size="sm">{t(`confirm.${removalKind}.body`, { name })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.keep')}
            </Button>
            <Button color="red" onClick={() => void revoke()}>
              {t(`confirm.${removalKind}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
