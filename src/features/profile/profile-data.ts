import type { FormValues } from '@/forms/form-definition';
import type { components } from '@/lib/api/schema';

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

/** The update of the contract; an emptied optional field is sent as null so that the server clears it. */
export function toProfileUpdate(values: FormValues): ProfileUpdate {
  return {
    firstname: String(values.firstname).trim(),
    lastname: String(values.lastname).trim(),
    email: String(values.email).trim(),
    phoneNumber: text(values.phoneNumber),
    dateOfBirth: text(values.dateOfBirth),
    companyName: text(values.companyName),
  };
}
