import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '@/forms/form-definition';
import { inviteMemberForm } from '@/forms/generated/invite-member';
import { SchemaForm } from '@/forms/schema-form';
import { isLanguage, type Language } from '@/lib/i18n/languages';
import { refusalKey } from './member-outcomes';
import { inviteMember, type FileMember } from './team-api';

/**
 * The invitation of one person: the address and the language of the e-mail (the founder's own by
 * default), through the generic form renderer, so that the address is checked in the user's language.
 */
export function InviteModal({
  member,
  onClose,
  onInvited,
}: {
  member: FileMember;
  onClose: () => void;
  onInvited: (member: FileMember) => void;
}) {
  const { t, i18n } = useTranslation('cofounders');
  const founderLanguage: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const [values, setValues] = useState<FormValues>(() => ({
    email: member.email ?? '',
    language: member.language ?? founderLanguage,
  }));
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (data: FormValues) => {
    setSubmitting(true);
    setFailure(null);
    const language = isLanguage(data.language) ? data.language : founderLanguage;
    try {
      onInvited(await inviteMember(member.personId, String(data.email).trim(), language));
    } catch (error) {
      setFailure(refusalKey(error));
      setSubmitting(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('invite.title', { name: member.name })} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('invite.lead', { name: member.name })}</Text>
        <SchemaForm
          form={inviteMemberForm}
          formData={values}
          onChange={setValues}
          onSubmit={submit}
          submitLabel={t('invite.submit')}
          submitting={submitting}
          secondaryAction={
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('actions.cancel')}
            </Button>
          }
        >
          {failure ? (
            <Alert color="red" role="alert" mt="md">
              {t(failure as never)}
            </Alert>
          ) : null}
        </SchemaForm>
      </Stack>
    </Modal>
  );
}
