import type { FormValues } from '@/forms/form-definition';
import type { components } from '@/lib/api/schema';
import type { Language } from '@/lib/i18n/languages';

type SignupRequest = components['schemas']['SignupRequest'];

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The payload of the contract from the form's values. Only the contract's fields are sent: 'receive
 * updates' is not (spec), nor is a field staff add to the schema before the API stores it.
 */
export function toSignupRequest(values: FormValues, language: Language): SignupRequest {
  return {
    firstname: String(values.firstname).trim(),
    lastname: String(values.lastname).trim(),
    email: String(values.email).trim(),
    password: String(values.password),
    confirmPassword: String(values.confirmPassword),
    dateOfBirth: String(values.dateOfBirth),
    phoneNumber: optionalText(values.phoneNumber),
    companyName: optionalText(values.companyName),
    language,
  };
}
