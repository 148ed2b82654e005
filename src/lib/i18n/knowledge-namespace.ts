import { provideNamespace } from './i18n';

/**
 * The knowledge base's words (locales/<lang>/knowledge.json): some 90 answers per language, with their phrasings, needed by
 * the wizard's assistant and /help only. Their pages import this module, which brings the loader, so
 * the start-up code and the landing page carry none of it.
 */
provideNamespace(
  'knowledge',
  import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/knowledge.json'),
);
