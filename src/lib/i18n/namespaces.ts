/** One namespace per feature; each is a file in locales/<lang>/<namespace>.json. */
export const NAMESPACES = [
  'common',
  'landing',
  'marketing',
  'auth',
  'profile',
  'wizard',
  'documents',
  'checkout',
  'info',
  'forms',
  'assistant',
  'faq',
  'knowledge',
  'jurisdictions',
  'website',
  'registration',
  'dashboard',
  'nationalities',
  'cofounders',
  'signing',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
