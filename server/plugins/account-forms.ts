/**
 * The account forms without JavaScript. The prerendered /login, /signup and /forgot-password post here
 * (urlencoded, fields named "<form>_<field>" as the app names them), and so does a submit made before
 * the app has taken the page over: never a GET that would put a password in a URL, a log or the
 * browser's history. The rules are the API's: the accounts service itself, one per-address budget
 * shared with the API's operation, each field checked by the form's own definition. A session starts
 * as the API's does (the refresh cookie) and the browser goes on where the app would send it, where
 * the app gets its token from that cookie. Otherwise the page comes back in the visitor's language
 * with what they typed (never a password) and what went wrong (services/form-pages.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths, postLoginTarget } from '../../src/config/paths';
import type { AuthFailureKey, FeedbackForm, FormFeedback } from '../../src/shared/form-feedback';
import { refreshCookieSetter } from '../handlers/auth';
import { AccountError, type AccountService } from '../services/accounts';
import type { AppPages } from '../services/app-pages';
import { createFormCheck, formText, presentValues, readFormDefinition } from '../services/form-check';
import { SENT_PARAM, type FormPageState } from '../services/form-pages';
import { isServerLanguage, pageLanguage, translator, type ServerLanguage } from '../services/i18n';
import { RateLimitedError } from '../services/rate-limiter';
import { postedFromSite } from '../services/same-origin';
import type { AddressLimit, LimitedRoute } from './rate-limits';
import { CONTENT_SECURITY_POLICY } from './spa';

const LOGIN_FIELDS = ['email', 'password', 'language'] as const;
const SIGNUP_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'password',
  'confirmPassword',
  'dateOfBirth',
  'phoneNumber',
  'companyName',
  'language',
  'agreeToTerms',
  'receiveUpdates',
] as const;
const FORGOT_FIELDS = ['email'] as const;
type SignupField = (typeof SIGNUP_FIELDS)[number];
const isSignupField = (field: string | undefined): field is SignupField =>
  (SIGNUP_FIELDS as readonly (string | undefined)[]).includes(field);
/** Never sent back, never kept: the page comes back with these empty. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['password', 'confirmPassword']);
/** The sign-up's boxes: a ticked one is sent ("on"), an unticked one is not. */
const BOXES = ['agreeToTerms', 'receiveUpdates'] as const;

const checkLogin = createFormCheck(readFormDefinition('login'), LOGIN_FIELDS);
const checkSignup = createFormCheck(readFormDefinition('signup'), SIGNUP_FIELDS);
const checkForgot = createFormCheck(readFormDefinition('forgot-password'), FORGOT_FIELDS);

/** What a refused request says, as the app would: a failure above the form, field problems under them. */
interface Outcome {
  status: number;
  failure?: AuthFailureKey;
  errors?: Record<string, string>;
  retryAfterSeconds?: number;
}

export async function accountFormsPlugin(
  app: FastifyInstance,
  options: {
    accounts: AccountService;
    addressLimit: AddressLimit;
    pages: AppPages;
    publicUrl: string;
    cookieSecure: boolean;
  },
) {
  const { accounts, addressLimit, pages, publicUrl } = options;
  const setRefreshCookie = refreshCookieSetter(options.cookieSecure);

  const bodyOf = (request: FastifyRequest) =>
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const queryOf = (request: FastifyRequest) => request.url.split('?')[1] ?? '';

  /**
   * The page of `form` sent back: the values kept (passwords left out) and what went wrong. A form that
   * another site's page sent gets its page with nothing of it written back, in the visitor's language.
   */
  function sendBack(
    request: FastifyRequest,
    reply: FastifyReply,
    form: FeedbackForm,
    formLanguage: ServerLanguage,
    values: Record<string, string | boolean>,
    outcome: Outcome,
  ) {
    const foreign = outcome.failure === 'errors.foreignOrigin';
    const language = foreign ? pageLanguage(request.headers) : formLanguage;
    const t = translator(language);
    const kept = Object.fromEntries(
      Object.entries(foreign ? {} : values).filter(
        ([field, value]) => !SECRET_FIELDS.has(field) && value !== '',
      ),
    );
    const fieldErrors = Object.keys(outcome.errors ?? {}).length > 0;
    const feedback: FormFeedback = {
      form,
      values: kept,
      ...(outcome.failure ? { failure: outcome.failure } : {}),
      ...(fieldErrors ? { fieldErrors: true } : {}),
    };
    const message = outcome.failure ? t(`auth:${outcome.failure}`) : t('auth:errors.checkFields');
    const state: FormPageState = {
      feedback,
      errors: outcome.errors ?? {},
      alert: {
        tone: 'error',
        message,
        // The sign-up's failures have a title in the app (signup-page.tsx): the same here.
        ...(form === 'signup' && outcome.failure ? { title: t('auth:signup.errors.failureTitle') } : {}),
      },
    };
    if (outcome.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(outcome.retryAfterSeconds));
    return reply
      .code(outcome.status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .type('text/html; charset=utf-8')
      .send(pages.render(request.url, language, { form: state }));
  }

  /**
   * What every account form checks before its own rules: that a page of this site sent it (a login
   * from another site's page is refused, with nothing it sent written back), then the address's budget.
   */
  async function refusal(request: FastifyRequest, route: LimitedRoute): Promise<Outcome | null> {
    if (!postedFromSite(request.headers, publicUrl)) return { status: 403, failure: 'errors.foreignOrigin' };
    const verdict = await addressLimit(route, request.ip);
    if (!verdict.allowed)
      return { status: 429, failure: 'errors.tooManyAttempts', retryAfterSeconds: verdict.retryAfterSeconds };
    return null;
  }

  /** The failures the accounts service ends with, as the app tells them (auth-failure.ts). */
  function failureOf(error: unknown, byStatus: Partial<Record<number, AuthFailureKey>>): Outcome {
    if (error instanceof RateLimitedError)
      return { status: 429, failure: 'errors.tooManyAttempts', retryAfterSeconds: error.retryAfterSeconds };
    if (!(error instanceof AccountError)) throw error;
    if (error.publicCode === 'PASSWORD_TOO_COMMON')
      return { status: 400, failure: 'errors.passwordTooCommon' };
    return { status: error.statusCode, failure: byStatus[error.statusCode] ?? 'errors.unexpected' };
  }

  const languageOf = (value: string, request: FastifyRequest): ServerLanguage =>
    isServerLanguage(value) ? value : pageLanguage(request.headers);

  app.post(paths.login, async (request, reply) => {
    const body = bodyOf(request);
    const language = languageOf(formText(body, 'login_language'), request);
    const values = {
      email: formText(body, 'login_email').trim(),
      password: formText(body, 'login_password'),
      language,
    };
    const refused = await refusal(request, 'POST /api/auth/login');
    if (refused) return sendBack(request, reply, 'login', language, values, refused);
    const errors = checkLogin(presentValues(values), language);
    if (Object.keys(errors).length > 0)
      return sendBack(request, reply, 'login', language, values, { status: 400, errors });
    let session;
    try {
      session = await accounts.login(values.email, values.password, language);
    } catch (error) {
      const outcome = failureOf(error, { 401: 'login.errors.invalidCredentials' });
      return sendBack(request, reply, 'login', language, values, outcome);
    }
    setRefreshCookie(reply, session.refreshToken);
    return reply.redirect(postLoginTarget(queryOf(request), paths.dashboard), 303);
  });

  app.post(paths.signup, async (request, reply) => {
    const body = bodyOf(request);
    const language = languageOf(formText(body, 'signup_language'), request);
    const text = (field: SignupField) => {
      const value = formText(body, `signup_${field}`);
      return SECRET_FIELDS.has(field) ? value : value.trim();
    };
    const texts = {
      firstname: text('firstname'),
      lastname: text('lastname'),
      email: text('email'),
      password: text('password'),
      confirmPassword: text('confirmPassword'),
      dateOfBirth: text('dateOfBirth'),
      phoneNumber: text('phoneNumber'),
      companyName: text('companyName'),
      language,
    };
    const boxes = Object.fromEntries(BOXES.map((box) => [box, formText(body, `signup_${box}`) !== '']));
    const values = { ...texts, ...boxes };
    const refused = await refusal(request, 'POST /api/auth/register');
    if (refused) return sendBack(request, reply, 'signup', language, values, refused);
    const errors = checkSignup({ ...presentValues(texts), ...boxes }, language);
    if (Object.keys(errors).length > 0)
      return sendBack(request, reply, 'signup', language, values, { status: 400, errors });
    let session;
    try {
      session = await accounts.register(
        {
          ...texts,
          phoneNumber: texts.phoneNumber || undefined,
          companyName: texts.companyName || undefined,
        },
        request.ip,
      );
    } catch (error) {
      const outcome = failureOf(error, { 409: 'signup.errors.emailTaken' });
      // A rule only the server knows (a name with invisible characters, a date before 1900) names its
      // field ("body/firstname …"): told under that field rather than as an unexpected failure.
      const field = error instanceof AccountError ? /^body\/(\w+)/.exec(error.message)?.[1] : undefined;
      if (outcome.failure === 'errors.unexpected' && isSignupField(field)) {
        const invalid = { [field]: translator(language)('forms:errors.invalid') };
        return sendBack(request, reply, 'signup', language, values, { status: 400, errors: invalid });
      }
      return sendBack(request, reply, 'signup', language, values, outcome);
    }
    setRefreshCookie(reply, session.refreshToken);
    // Where the app goes after a sign-up (session-gates.tsx): the page asked for, else the company form.
    return reply.redirect(postLoginTarget(queryOf(request), paths.wizard), 303);
  });

  app.post(paths.forgotPassword, async (request, reply) => {
    const language = pageLanguage(request.headers);
    const values = { email: formText(bodyOf(request), 'forgot-password_email').trim() };
    const refused = await refusal(request, 'POST /api/auth/forgot-password');
    if (refused) return sendBack(request, reply, 'forgot-password', language, values, refused);
    const errors = checkForgot(presentValues(values), language);
    if (Object.keys(errors).length > 0)
      return sendBack(request, reply, 'forgot-password', language, values, { status: 400, errors });
    await accounts.forgotPassword(values.email);
    // The same confirmation for every address, on a page the browser may reload (no second request).
    return reply.redirect(`${paths.forgotPassword}?${SENT_PARAM}=1`, 303);
  });
}
