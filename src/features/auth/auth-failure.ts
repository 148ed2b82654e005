import { ApiError } from '@/lib/api/errors';
import type { AuthFailureKey } from '@/shared/form-feedback';

/** Server messages are English and not for users: each failure is told in the user's language instead. */
export function authFailureKey(
  error: unknown,
  byStatus: Partial<Record<number, AuthFailureKey>> = {},
): AuthFailureKey {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return 'errors.network';
    if (error.status === 429) return 'errors.tooManyAttempts';
    // A new password (sign-up, reset) that the server finds too common: said as such, not as "unexpected".
    if ((error.body as { code?: unknown } | undefined)?.code === 'PASSWORD_TOO_COMMON')
      return 'errors.passwordTooCommon';
    const known = error.status === undefined ? undefined : byStatus[error.status];
    if (known) return known;
  }
  return 'errors.unexpected';
}
