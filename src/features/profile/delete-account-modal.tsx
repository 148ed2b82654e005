import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteNoticeState } from '@/components/route-notice';
import { paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { deleteAccountForm } from '@/forms/generated/delete-account';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { endSession } from '@/lib/session/session';
import { passwordCallFailure } from './profile-data';
import { ProfileMessageAlert, type ProfileMessage } from './profile-messages';

/**
 * Deleting the account (GDPR art. 17): what goes, what the law makes us keep, and the password to
 * confirm (schemas/forms/delete-account.json). A refusal keeps the modal open with what was typed.
 */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>({});
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<ProfileMessage | null>(null);

  const close = () => {
    if (deleting) return;
    setValues({});
    setFailure(null);
    onClose();
  };

  const confirm = async (data: FormValues) => {
    setDeleting(true);
    setFailure(null);
    try {
      await apiClient.POST('/api/user/delete-account', { body: { password: String(data.password) } });
    } catch (error) {
      const detail = passwordCallFailure(error);
      setFailure({ key: 'messages.deleteError', tone: 'error', ...(detail ? { detail } : {}) });
      setDeleting(false);
      return;
    }
    // The server ended every session and cleared the refresh cookie; the token is forgotten here, as
    // logout does. One transition with the navigation: the session gate around this page never renders
    // it without a session (it would ask the server for a new token, then send the reader to /login).
    startTransition(() => {
      endSession();
      const state: RouteNoticeState = { notice: 'accountDeleted' };
      void navigate(paths.landing, { replace: true, state });
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('deleteAccount.title')}
      size="lg"
      closeOnEscape={!deleting}
      closeOnClickOutside={!deleting}
      closeButtonProps={{ 'aria-label': t('deleteAccount.close'), disabled: deleting }}
    >
      <Stack gap="md">
        <Text>{t('deleteAccount.intro')}</Text>
        <Stack gap={4}>
          <Title order={3} fz="h5">
            {t('deleteAccount.deletedTitle')}
          </Title>
          <Text size="sm">{t('deleteAccount.deleted')}</Text>
        </Stack>
        <Stack gap={4}>
          <Title order={3} fz="h5">
            {t('deleteAccount.keptTitle')}
          </Title>
          <Text size="sm">{t('deleteAccount.kept')}</Text>
        </Stack>
        <SchemaForm
          form={deleteAccountForm}
          formData={values}
          onChange={setValues}
          onSubmit={confirm}
          submitLabel={t('deleteAccount.confirm')}
          // A deletion cannot be undone: red, dark enough for white text (5.6:1, WCAG AA).
          submitColor="red.9"
          submitting={deleting}
          secondaryAction={
            <Button variant="default" onClick={close} disabled={deleting}>
              {t('deleteAccount.cancel')}
            </Button>
          }
        >
          {failure ? <ProfileMessageAlert message={failure} onClose={() => setFailure(null)} /> : null}
        </SchemaForm>
      </Stack>
    </Modal>
  );
}
