import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n/languages';
import type { Jurisdiction } from '@/lib/knowledge/knowledge-index';
import { closestTopics } from './assistant-topics';
import { searchOtherLanguages } from './other-languages';
import type { AssistantReply, ExchangeLog } from './exchange-log';
import type { AssistantKnowledge } from './use-assistant-knowledge';

/** Below this share of words the entries know, a question is searched in the other languages first. */
const FOREIGN_BELOW = 0.5;

/**
 * The conversation's questions and replies. A question is searched in the interface's language; when
 * nothing answers it there, in the two others (a founder writing English in the French wizard), then
 * the closest help topics are offered.
 */
export function useAssistantExchanges(
  knowledge: AssistantKnowledge,
  log: ExchangeLog,
  jurisdiction: Jurisdiction | null,
  legalForm: string | null = null,
) {
  const { i18n } = useTranslation();
  const { exchanges, setExchanges, nextId } = log;

  const ask = useCallback(
    (question: string) => {
      const id = nextId();
      const add = (reply: AssistantReply) =>
        setExchanges((previous) => [...previous, { id, question, reply }]);
      const context = { jurisdiction, legalForm };
      const { answers: found, closest, outsideGuide, knownShare } = knowledge.index.ask(question, context);
      const answers: AssistantReply = {
        kind: 'answers',
        keys: found.map(({ entry }) => `${entry.kind}:${entry.id}`),
      };
      // Most of its words unknown to the entries: the question is likely in another language, whose
      // entries answer it better (or whose guide leaves it out), before those a stray word found here.
      const looksForeign = knownShare < FOREIGN_BELOW;
      if (found.length > 0 && !looksForeign) {
        add(answers);
        return;
      }
      const nothing: AssistantReply = {
        kind: 'nothing',
        topics: closestTopics(closest),
      };
      // A question on what the guide does not cover (VAT, hiring) is no question in another language.
      if (outsideGuide) {
        add(nothing);
        return;
      }
      add({ kind: 'searching' });
      const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
      void searchOtherLanguages(language, question, context)
        // A failed load (network gone) is no answer: the founder still gets the topics and the contact page.
        .catch(() => null)
        .then((other) => {
          // Another language's answer wins when it fits the question better than this one's.
          const ownScore = found[0]?.score ?? 0;
          const reply: AssistantReply =
            other !== null && 'outside' in other
              ? nothing
              : other !== null && other.score > ownScore
                ? {
                    kind: 'answers',
                    keys: other.ids.map((entry) => `faq:${entry}`),
                    foundIn: other.language,
                  }
                : found.length > 0
                  ? answers
                  : nothing;
          setExchanges((previous) =>
            previous.map((exchange) => (exchange.id === id ? { ...exchange, reply } : exchange)),
          );
        });
    },
    [knowledge, jurisdiction, legalForm, i18n, nextId, setExchanges],
  );

  return { exchanges, ask };
}
