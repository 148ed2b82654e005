import type { FormValues } from '@/forms/form-definition';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { ProfileDetailKey } from './profile-messages';

type UserInfo = components['schemas']['UserInfo'];
type ProfileUpdate = components['schemas']['ProfileUpdate'];

/** First letters of the first and last names (spec: the avatar's initials). */
export function initialsOf(user: Pick<UserInfo, 'firstname' | 'lastname'>): string {
  return `${user.firstname.trim().charAt(0)}${user.lastname.trim().charAt(0)}`.toUpperCase();
}

/** A YYYY-MM-DD date written the way the user's language writes dates (a calendar date: no time zone shift). */
export function formatDate(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Whether the typed address is another than the account's (an emptied field too: a new one is being
 * typed). The server compares them trimmed, case aside.
 */
export function isNewEmail(typed: unknown, current: string): boolean {
  const address = typeof typed === 'string' ? typed : '';
  return address.trim().toLowerCase() !== current.trim().toLowerCase();
}

/**
 * The update of the contract; an emptied optional field is sent as null so that the server clears it.
 * The current password goes only with a new address, the one change that asks for it.
 */
export function toProfileUpdate(values: FormValues, currentEmail: string): ProfileUpdate {
  const email = String(values.email).trim();
  return {
    firstname: String(values.firstname).trim(),
    lastname: String(values.lastname).trim(),
    email,
    phoneNumber: text(values.phoneNumber),
    dateOfBirth: text(values.dateOfBirth),
    companyName: text(values.companyName),
    ...(isNewEmail(email, currentEmail) ? { currentPassword: String(values.currentPassword ?? '') } : {}),
  };
}

/**
 * Why the server refused a call that asked for the password (a new e-mail address, deleting the
 * account), from its status and `code`; server messages are English and never shown.
 */
export function passwordCallFailure(error: unknown): ProfileDetailKey | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  if (error.status === 403 || code === 'CURRENT_PASSWORD_WRONG') return 'messages.currentPasswordWrong';
  if (code === 'CURRENT_PASSWORD_REQUIRED') return 'errors.currentPasswordRequired';
  if (error.status === 429) return 'messages.tooManyAttempts';
  return undefined;
}

/** The day of `date` on the user's clock as YYYY-MM-DD (the exported file's name carries it). */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
