import type { Language } from '../../src/lib/i18n/languages';
import type { Namespace } from '../../src/lib/i18n/namespaces';
import { text } from './locale-text';

/** Spec section 2: every route and the heading it shows (routes.spec.ts, phone-pass.spec.ts). */
export const MAIN_PAGES: [path: string, namespace: Namespace, titleKey: string][] = [
  ['/', 'landing', 'landing.title'],
  ['/home', 'landing', 'landing.title'],
  ['/services', 'marketing', 'services.title'],
  ['/plans', 'marketing', 'plans.title'],
  ['/choose-your-legal-form', 'chooser', 'ui.title'],
  ['/faq', 'marketing', 'faq.title'],
  ['/about', 'info', 'meta.about.title'],
  ['/contact', 'info', 'contact.title'],
  ['/help', 'info', 'help.title'],
  ['/terms', 'info', 'meta.terms.title'],
  ['/sales-terms', 'info', 'meta.salesTerms.title'],
  ['/privacy', 'info', 'meta.privacy.title'],
  ['/cookies', 'info', 'meta.cookies.title'],
  ['/legal-notice', 'info', 'meta.legalNotice.title'],
  ['/success?session_id=cs_test_42', 'checkout', 'success.title'],
  ['/cancel', 'checkout', 'cancel.title'],
];
export const PROTECTED_PAGES: [path: string, namespace: Namespace, titleKey: string][] = [
  ['/ai-powered-form', 'wizard', 'page.title'],
  ['/documents', 'documents', 'page.title'],
  ['/dashboard', 'dashboard', 'page.title'],
  ['/user-profile', 'profile', 'page.title'],
  ['/create-your-website', 'website', 'page.title'],
];
export const AUTH_PAGES: [path: string, titleKey: string, panelKey: string | null][] = [
  ['/login', 'login.title', 'authPanel.login.title'],
  ['/signup', 'signup.title', 'authPanel.signup.title'],
  ['/forgot-password', 'forgotPassword.title', null],
  ['/reset-password?token=abc', 'resetPassword.title', null],
  ['/verify-email?token=not-a-real-token', 'verifyEmail.title', null],
];

const pathOf = (route: string) => route.split('?')[0] ?? route;

/** The main heading `route` shows in `language`; an address the product does not have shows the 404 page. */
export function pageTitle(route: string, language: Language): string {
  const path = pathOf(route);
  const page = [...MAIN_PAGES, ...PROTECTED_PAGES].find(([candidate]) => pathOf(candidate) === path);
  if (page) return text(language, page[1], page[2]);
  const account = AUTH_PAGES.find(([candidate]) => pathOf(candidate) === path);
  if (account) return text(language, 'auth', account[1]);
  return text(language, 'common', 'notFound.title');
}
