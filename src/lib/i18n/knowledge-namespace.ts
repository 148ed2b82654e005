import { provideNamespace } from './i18n';

/**
 * The knowledge base's words (locales/<lang>/knowledge.json): some 50 answers per language, needed by
 * the wizard's assistant and /help only. Their pages import this module, which brings the loader, so
 * the start-up code and the landing page carry none of it.
 */
const knowledgeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../locales/*/knowledge.json',
);

provideNamespace('knowledge', async (language) => {
  const load = knowledgeFiles[`../../../locales/${language}/knowledge.json`];
  if (!load) throw new Error(`No locale file for ${language}/knowledge`);
  return (await load()).default;
});
