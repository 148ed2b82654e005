import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The keys (profile namespace) of the outcomes spec section 8 lists for the profile page, and of the data card. */
export type ProfileMessageKey =
  | 'messages.updateSuccess'
  | 'messages.updateError'
  | 'messages.resendSuccess'
  | 'messages.resendError'
  | 'messages.resetSuccess'
  | 'messages.resetError'
  | 'messages.exportSuccess'
  | 'messages.exportError'
  | 'messages.deleteError';

/** A more precise reason or consequence, shown under the message. */
export type ProfileDetailKey =
  | 'messages.emailTaken'
  | 'messages.emailChangeSent'
  | 'messages.currentPasswordWrong'
  | 'messages.tooManyAttempts'
  | 'errors.currentPasswordRequired';

export interface ProfileMessage {
  key: ProfileMessageKey;
  tone: 'success' | 'error';
  /** A more precise reason shown under the message (e.g. the e-mail is taken). */
  detail?: ProfileDetailKey;
  /** The values of the detail's {{placeholders}} (the old and new addresses). */
  detailValues?: Record<string, string>;
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
      {message.detail ? t(message.detail, message.detailValues) : null}
    </Alert>
  );
}
