import { it } from 'vitest';
import { loadLegalFormSteps } from '@/forms/generated/wizard-steps';
import { createKnowledgeIndex } from '@/lib/knowledge/knowledge-index';
import { knowledgeEntriesFor, outsideGuideOf } from './question-set';
it('probe', async () => {
  const steps = (await loadLegalFormSteps['FR-SAS']?.()) ?? [];
  const stepsRo = (await loadLegalFormSteps['RO-SRL']?.()) ?? [];
  const qs: [string, string, 'FR' | 'RO' | null][] = JSON.parse(process.env.PROBE ?? '[]');
  for (const [lang, q, j] of qs) {
    const index = createKnowledgeIndex(knowledgeEntriesFor(lang as 'en', j === 'RO' ? stepsRo : steps), { outsideGuide: outsideGuideOf(lang as 'en') });
    const a = index.ask(q, { jurisdiction: j });
    console.log(q, JSON.stringify(a.closest.slice(0, 3).map((m) => [m.entry.id, m.score.toFixed(2)])), 'outside', a.outsideGuide, 'strength', a.strength.toFixed(2));
  }
});
