import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepDefinition } from '@/forms/form-definition';
import { useFormTranslate } from '@/forms/translation';
import '@/lib/i18n/knowledge-namespace';
import { createAssistantMatcher } from '@/lib/knowledge/assistant-matcher';
import { knowledgeEntries, wizardFieldHints } from '@/lib/knowledge/knowledge-index';
import { KNOWLEDGE_NAMESPACES } from './knowledge-namespaces';

/**
 * The assistant's knowledge in the current language: every wizard field's hint (schemas/wizard, words
 * in locales/<lang>/wizard.json), every FAQ entry (locales/<lang>/faq.json) and knowledge-base entry
 * (knowledge.json, its country and legal forms from schemas/knowledge.json), with the assistant's
 * matcher: a search index that refuses what the guide does not cover (knowledge.json `outsideGuide`)
 * and weak answers, its candidates re-ranked by a naive Bayes classifier trained when the browser is idle.
 * Staff add a hint or a question by editing those files; the assistant knows it at the next load.
 * The `info` namespace comes with them for the titles of /help's topics, which answers show (a few kB,
 * loaded at once so that the first answer does not wait for it).
 */
export function useAssistantKnowledge(steps: readonly StepDefinition[]) {
  const { t, i18n } = useTranslation(KNOWLEDGE_NAMESPACES);
  const translate = useFormTranslate(['wizard']);
  const hints = useMemo(() => wizardFieldHints(steps), [steps]);
  // i18next counts a namespace whose file failed to load (the connection gone) as loaded, and its t()
  // then answers the keys themselves: the assistant would search its own key names.
  const language = i18n.resolvedLanguage ?? i18n.language;
  const missing = KNOWLEDGE_NAMESPACES.filter(
    (namespace) => !i18n.hasResourceBundle(language, namespace),
  ).join(', ');
  const knowledge = useMemo(() => {
    if (missing) return null;
    const entries = knowledgeEntries(
      hints,
      translate,
      { ...t('faq:items', { returnObjects: true }), ...t('knowledge:items', { returnObjects: true }) },
      t('knowledge:faqPhrasings', { returnObjects: true }),
    );
    const byField = new Map(
      entries.filter((entry) => entry.kind === 'field').map((entry) => [entry.id, entry]),
    );
    const byKey = new Map(entries.map((entry) => [`${entry.kind}:${entry.id}`, entry]));
    const index = createAssistantMatcher(entries, { outsideGuide: t('knowledge:outsideGuide') });
    return { index, byField, byKey };
  }, [hints, t, translate, missing]);
  // The classifier trains when the browser is idle (a few hundred milliseconds on a phone), not at the
  // founder's first question.
  useEffect(() => {
    if (!knowledge) return undefined;
    const prepare = () => knowledge.index.prepare();
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prepare, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(prepare, 1000);
    return () => window.clearTimeout(handle);
  }, [knowledge]);
  // Fails the session, in its panel, whose retry asks for the files again (wizard-assistant.tsx).
  if (!knowledge) throw new Error(`The assistant's words did not load: ${missing}`);
  return knowledge;
}

export type AssistantKnowledge = ReturnType<typeof useAssistantKnowledge>;
