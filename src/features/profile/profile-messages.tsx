import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The keys (profile namespace) of the outcomes spec section 8 lists for the profile page. */
export type ProfileMessageKey =
  | 'messages.updateSuccess'
  | 'messages.updateError'
  | 'messages.resendSuccess'
  | 'messages.resendError'
  | 'messages.resetSuccess'
  | 'messages.resetError';

export interface ProfileMessage {
  key: ProfileMessageKey;
  tone: 'success' | 'error';
  /** A more precise reason shown under the message (e.g. the e-mail is taken). */
  detail?: 'messages.emailTaken';
}

/** The outcome of the last action, in the page (never a browser alert), announced to screen readers. */
export function ProfileMessageAlert({ message, onClose }: { message: ProfileMessage; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const success = message.tone === 'success';
  return (
    <Alert
      color={success ? 'brand' : 'red'}
      variant="light"
      role={success ? 'status' : 'alert'}
      icon={success ? <IconCircleCheck aria-hidden="true" /> : <IconAlertTriangle aria-hidden="true" />}
      title={t(message.key)}
      withCloseButton
      closeButtonLabel={t('messages.dismiss')}
      onClose={onClose}
    >
      {message.detail ? t(message.detail) : null}
    </Alert>
  );
}
