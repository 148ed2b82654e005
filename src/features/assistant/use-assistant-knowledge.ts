import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepDefinition } from '@/forms/form-definition';
import { useFormTranslate } from '@/forms/translation';
import '@/lib/i18n/knowledge-namespace';
import { createKnowledgeIndex, wizardFieldHints, type KnowledgeEntry } from './assistant-knowledge';

/**
 * The assistant's knowledge in the current language: every wizard field's hint (schemas/wizard, words
 * in locales/<lang>/wizard.json) and every FAQ entry (locales/<lang>/faq.json), with a search index.
 * Staff add a hint or a question by editing those files; the assistant knows it at the next load.
 */
export function useAssistantKnowledge(steps: readonly StepDefinition[]) {
  const { t } = useTranslation(['faq', 'knowledge']);
  const translate = useFormTranslate(['wizard']);
  const hints = useMemo(() => wizardFieldHints(steps), [steps]);
  return useMemo(() => {
    const fields: KnowledgeEntry[] = hints.map((hint) => ({
      kind: 'field',
      id: hint.field,
      title: translate(hint.titleKey),
      text: translate(hint.tooltipKey),
      context: translate(hint.stepTitleKey),
    }));
    const items = {
      ...t('faq:items', { returnObjects: true }),
      ...t('knowledge:items', { returnObjects: true }),
    };
    const faq: KnowledgeEntry[] = Object.entries(items).map(([id, item]) => ({
      kind: 'faq',
      id,
      title: item.question,
      text: item.answer,
      context: '',
    }));
    const entries = [...fields, ...faq];
    const byField = new Map(fields.map((entry) => [entry.id, entry]));
    const byKey = new Map(entries.map((entry) => [`${entry.kind}:${entry.id}`, entry]));
    return { index: createKnowledgeIndex(entries), byField, byKey };
  }, [hints, t, translate]);
}

export type AssistantKnowledge = ReturnType<typeof useAssistantKnowledge>;
