import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import { profileEditForm } from '@/forms/generated/profile-edit';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { isNewEmail, passwordCallFailure, toProfileUpdate } from './profile-data';
import { ProfileMessageAlert, type ProfileMessage } from './profile-messages';

type UserInfo = components['schemas']['UserInfo'];

/**
 * The form while the address stays the same: the current password, which profile-edit.json requires only
 * for a new address, is hidden (same schema, so the same precompiled validator).
 */
const formKeepingEmail: FormDefinition = {
  ...profileEditForm,
  uiSchema: { ...profileEditForm.uiSchema, currentPassword: { 'ui:widget': 'hidden' } },
};

function valuesOf(user: UserInfo): FormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phoneNumber: user.phoneNumber ?? undefined,
    dateOfBirth: user.dateOfBirth ?? undefined,
    companyName: user.companyName ?? undefined,
    emailChanged: false,
  };
}

interface EditProfileModalProps {
  user: UserInfo;
  opened: boolean;
  onClose: () => void;
  onSaved: (user: UserInfo) => void;
}

/**
 * The Edit modal, built from schemas/forms/profile-edit.json. It closes on Cancel and after a successful
 * Save; after a failed Save it stays open with the error, so that nothing typed is lost. A new e-mail
 * address asks for the current password: a stolen session alone must not be enough to take the account.
 */
export function EditProfileModal({ user, opened, onClose, onSaved }: EditProfileModalProps) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<FormValues>(() => valuesOf(user));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ProfileMessage | null>(null);
  const emailChanged = values.emailChanged === true;

  const change = (next: FormValues) => {
    // Back to the account's address, the password typed for a new one is dropped with its field.
    const { currentPassword, ...rest } = next;
    setValues(
      isNewEmail(next.email, user.email)
        ? { ...rest, currentPassword, emailChanged: true }
        : { ...rest, emailChanged: false },
    );
  };

  const close = () => {
    // A save under way finishes first: its outcome belongs to this open modal.
    if (saving) return;
    setValues(valuesOf(user));
    setFailure(null);
    onClose();
  };

  const save = async (data: FormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const { data: updated } = await apiClient.POST('/api/user/update-profile', {
        body: toProfileUpdate(data, user.email),
      });
      if (!updated) throw new Error('The update answered without the profile');
      setValues(valuesOf(updated));
      onSaved(updated);
    } catch (error) {
      const detail =
        error instanceof ApiError && error.status === 409
          ? 'messages.emailTaken'
          : passwordCallFailure(error);
      setFailure({ key: 'messages.updateError', tone: 'error', ...(detail ? { detail } : {}) });
    }
    setSaving(false);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('edit.title')}
      size="lg"
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ 'aria-label': t('edit.close'), disabled: saving }}
    >
      <SchemaForm
        form={emailChanged ? profileEditForm : formKeepingEmail}
        formData={values}
        onChange={change}
        onSubmit={save}
        submitLabel={t('edit.save')}
        submitting={saving}
        secondaryAction={
          <Button variant="default" onClick={close} disabled={saving}>
            {t('edit.cancel')}
          </Button>
        }
      >
        {failure ? <ProfileMessageAlert message={failure} onClose={() => setFailure(null)} /> : null}
      </SchemaForm>
    </Modal>
  );
}
