import { Alert } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { checkFilingLanguage } from '@/shared/text-language';
import { useFilingLanguageMessage } from './filing-language';

export interface FilingLanguageNoticeProps {
  value: unknown;
  /** The language of the documents the text is copied into (`ui:options.filingLanguageWarning`). */
  filingLanguage: string;
  /** Under a field being typed in: a live region, announced when the warning appears. */
  live?: boolean;
}

/**
 * A warning about a text copied as typed into documents filed in another language (the corporate
 * purpose into French statuts), when it seems not to be in that language. It never blocks: the guess
 * can be wrong, and the founder decides. Under a field, the live region exists before the warning
 * does, so that a screen reader announces the warning when it appears while typing.
 */
export function FilingLanguageNotice({ value, filingLanguage, live = true }: FilingLanguageNoticeProps) {
  const message = useFilingLanguageMessage();
  const check = checkFilingLanguage(value, filingLanguage);
  const notice =
    check.verdict === 'other' ? (
      <Alert
        color="yellow"
        variant="light"
        p="xs"
        mt={live ? undefined : 'xs'}
        icon={<IconLanguage size={18} aria-hidden="true" />}
      >
        {message(filingLanguage, check.language)}
      </Alert>
    ) : null;
  return live ? <div role="status">{notice}</div> : notice;
}

export default FilingLanguageNotice;
