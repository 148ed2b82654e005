import { Alert } from '@mantine/core';
import { IconFileCheck, IconRefresh } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftState } from './draft-sync';

function longDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

/**
 * Tells a user who reopens a submitted file that it is saved in Kreo and can be amended, and one whose
 * edits from another device were just merged in that they were.
 */
export const FileStatusNotice = memo(function FileStatusNotice({
  file,
  merged,
  language,
  justSubmitted = false,
}: {
  file: DraftState['file'];
  merged: boolean;
  language: string;
  /** The file was submitted a moment ago: SubmittedNotice says so, this box would repeat it. */
  justSubmitted?: boolean;
}) {
  const { t } = useTranslation('wizard');
  const submittedAt = file?.submittedAt;
  return (
    <>
      {merged ? (
        <Alert color="blue" icon={<IconRefresh aria-hidden="true" />}>
          {t('ui.merged')}
        </Alert>
      ) : null}
      {submittedAt && (file.status === 'amended' || (file.status === 'submitted' && !justSubmitted)) ? (
        <Alert
          color={file.status === 'submitted' ? 'green' : 'yellow'}
          icon={<IconFileCheck aria-hidden="true" />}
          title={t(file.status === 'submitted' ? 'ui.submitted.title' : 'ui.amended.title')}
        >
          {t(file.status === 'submitted' ? 'ui.submitted.body' : 'ui.amended.body', {
            date: longDate(submittedAt, language),
          })}
        </Alert>
      ) : null}
    </>
  );
});
