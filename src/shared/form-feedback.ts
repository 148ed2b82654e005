/**
 * The account forms (login, sign-up, forgot-password) also post without JavaScript (a submit before
 * the app has taken the page over, a script that failed to load): the server then sends the page
 * back with what went wrong (server/plugins/account-forms.ts). Both sides know this much of it.
 */

/** The element of such a page that carries its FormFeedback, as JSON, for the app to take over. */
export const FORM_FEEDBACK_ELEMENT_ID = 'kreo-form-feedback';

/** The prerendered forms that post to the server; each is also the prefix of its fields' names. */
export const FEEDBACK_FORMS = ['login', 'signup', 'forgot-password'] as const;
export type FeedbackForm = (typeof FEEDBACK_FORMS)[number];

/** The translation keys (auth namespace) a failed account request can end with. */
export const AUTH_FAILURE_KEYS = [
  'errors.network',
  'errors.passwordTooCommon',
  'errors.tooManyAttempts',
  'errors.unexpected',
  'errors.foreignOrigin',
  'login.errors.invalidCredentials',
  'signup.errors.emailTaken',
] as const;
export type AuthFailureKey = (typeof AUTH_FAILURE_KEYS)[number];

export function isAuthFailureKey(value: unknown): value is AuthFailureKey {
  return (AUTH_FAILURE_KEYS as readonly unknown[]).includes(value);
}

/** What the server said of a form it sent back. */
export interface FormFeedback {
  form: FeedbackForm;
  /** What the visitor sent, passwords never among them. */
  values: Record<string, string | boolean>;
  /** The failure told above the form. */
  failure?: AuthFailureKey;
  /** Some fields were refused: the app shows their errors again as it takes the page over. */
  fieldErrors?: boolean;
  /** Forgot-password: the request was taken (the same confirmation for every address). */
  sent?: boolean;
}

/** The FormFeedback of a page's JSON, or null when it is not one (read by the app, so checked). */
export function parseFormFeedback(text: string | null | undefined): FormFeedback | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { form, values, failure, fieldErrors, sent } = data as Record<string, unknown>;
  if (!(FEEDBACK_FORMS as readonly unknown[]).includes(form)) return null;
  const kept: Record<string, string | boolean> = {};
  if (typeof values === 'object' && values !== null)
    for (const [key, value] of Object.entries(values))
      if (typeof value === 'string' || typeof value === 'boolean') kept[key] = value;
  return {
    form: form as FeedbackForm,
    values: kept,
    ...(isAuthFailureKey(failure) ? { failure } : {}),
    ...(fieldErrors === true ? { fieldErrors: true } : {}),
    ...(sent === true ? { sent: true } : {}),
  };
}
