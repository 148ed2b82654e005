import { errorCode, statusOf } from './team-api';

/** The refusals of the members' operations the page says in words (`cofounders:errors.<code>`). */
const KNOWN_CODES = [
  'PERSON_NOT_FOUND',
  'PERSON_NOT_INVITABLE',
  'ALREADY_INVITED',
  'NOT_PENDING',
  'INVITATION_EXPIRED',
  'INVITATION_REVOKED',
  'INVITATION_USED',
  'OWN_FILE',
  'FILE_CHANGED',
  'NOT_SUBMITTED',
  'ACT_NOT_CALLED_FOR',
  'EMAIL_INVALID',
  'ALREADY_MEMBER',
  'PERSON_TOO_LARGE',
  'PERSON_ID_CHANGED',
  'PERSON_KIND_CHANGED',
  'INVITATION_OTHER_ADDRESS',
] as const;

/**
 * The translation key (cofounders namespace) of a failed call: its `code` when the page knows it,
 * else what its status means (429: too many sends; 404: no such invitation), else a plain failure.
 */
export function refusalKey(error: unknown): string {
  const code = errorCode(error);
  if (code && (KNOWN_CODES as readonly string[]).includes(code)) return `errors.${code}`;
  const status = statusOf(error);
  if (status === 429) return 'errors.tooMany';
  if (status === 404) return 'errors.notFound';
  if (status === 403) return 'errors.forbidden';
  return 'errors.failed';
}
