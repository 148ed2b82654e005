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
export type AuthFailureKey =
  | 'errors.network'
  | 'errors.passwordTooCommon'
  | 'errors.tooManyAttempts'
  | 'errors.unexpected'
  | 'errors.foreignOrigin'
  | 'login.errors.invalidCredentials'
  | 'signup.errors.emailTaken';

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

/**
 * The FormFeedback of a page's JSON, or null. Read by every page as it starts, hence short: the JSON is
 * the server's own, written in the same page (services/app-pages.ts), so only its form is checked.
 */
export function parseFormFeedback(text: string | null | undefined): FormFeedback | null {
  try {
    const feedback = JSON.parse(text ?? 'null') as FormFeedback | null;
    return feedback && (FEEDBACK_FORMS as readonly string[]).includes(feedback.form) ? feedback : null;
  } catch {
    return null;
  }
}
