import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepDefinition } from '@/forms/form-definition';
import countries from 'virtual:knowledge-countries';
import { useFormTranslate } from '@/forms/translation';
import '@/lib/i18n/knowledge-namespace';
import { createKnowledgeIndex, knowledgeEntries, wizardFieldHints } from './assistant-knowledge';

/**
 * The assistant's knowledge in the current language: every wizard field's hint (schemas/wizard, words
 * in locales/<lang>/wizard.json), every FAQ entry (locales/<lang>/faq.json) and knowledge-base entry
 * (knowledge.json, its country from schemas/knowledge.json), with a search index.
 * Staff add a hint or a question by editing those files; the assistant knows it at the next load.
 */
export function useAssistantKnowledge(steps: readonly StepDefinition[]) {
  const { t } = useTranslation(['faq', 'knowledge']);
  const translate = useFormTranslate(['wizard']);
  const hints = useMemo(() => wizardFieldHints(steps), [steps]);
  return useMemo(() => {
    const entries = knowledgeEntries(
      hints,
      translate,
      { ...t('faq:items', { returnObjects: true }), ...t('knowledge:items', { returnObjects: true }) },
      t('knowledge:faqPhrasings', { returnObjects: true }),
      countries,
    );
    const byField = new Map(
      entries.filter((entry) => entry.kind === 'field').map((entry) => [entry.id, entry]),
    );
    const byKey = new Map(entries.map((entry) => [`${entry.kind}:${entry.id}`, entry]));
    return { index: createKnowledgeIndex(entries), byField, byKey };
  }, [hints, t, translate]);
}

export type AssistantKnowledge = ReturnType<typeof useAssistantKnowledge>;
