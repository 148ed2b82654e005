import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '@/forms/form-definition';
import { profileEditForm } from '@/forms/generated/profile-edit';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { toProfileUpdate } from './profile-data';
import { ProfileMessageAlert, type ProfileMessage } from './profile-messages';

type UserInfo = components['schemas']['UserInfo'];

function valuesOf(user: UserInfo): FormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phoneNumber: user.phoneNumber ?? undefined,
    dateOfBirth: user.dateOfBirth ?? undefined,
    companyName: user.companyName ?? undefined,
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
 * Save; after a failed Save it stays open with the error, so that nothing typed is lost.
 */
export function EditProfileModal({ user, opened, onClose, onSaved }: EditProfileModalProps) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<FormValues>(() => valuesOf(user));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ProfileMessage | null>(null);

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
        body: toProfileUpdate(data),
      });
      if (!updated) throw new Error('The update answered without the profile');
      setValues(valuesOf(updated));
      onSaved(updated);
    } catch (error) {
      setFailure({
        key: 'messages.updateError',
        tone: 'error',
        ...(error instanceof ApiError && error.status === 409
          ? { detail: 'messages.emailTaken' as const }
          : {}),
      });
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
        form={profileEditForm}
        formData={values}
        onChange={setValues}
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
