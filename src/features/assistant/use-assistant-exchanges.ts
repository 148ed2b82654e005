import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/i18n/languages';
import type { Jurisdiction } from '@/lib/knowledge/knowledge-index';
import { closestTopics, type HelpTopicId } from './assistant-topics';
import { searchOtherLanguages } from './other-languages';
import type { AssistantKnowledge } from './use-assistant-knowledge';

/**
 * What the assistant found for a question, as entries and topics, never as text: the conversation
 * shows it in the language of the moment, and again in another one chosen later.
 */
export type AssistantReply =
  /** Entries as `kind:id`, best first; `foundIn`: the other language that found them. */
  | { kind: 'answers'; keys: string[]; foundIn?: Language }
  /** Nothing in the interface's language: the other languages are being searched. */
  | { kind: 'searching' }
  /** Nothing anywhere: the help topics that come closest. */
  | { kind: 'nothing'; topics: HelpTopicId[] };

/** A question typed by the founder and the assistant's reply. */
export interface AssistantExchange {
  id: number;
  question: string;
  reply: AssistantReply;
}

/** Below this share of words the entries know, a question is searched in the other languages first. */
const FOREIGN_BELOW = 0.5;

/**
 * The conversation's questions and replies. A question is searched in the interface's language; when
 * nothing answers it there, in the two others (a founder writing English in the French wizard), then
 * the closest help topics are offered.
 */
export function useAssistantExchanges(
  knowledge: AssistantKnowledge,
  jurisdiction: Jurisdiction | null,
  legalForm: string | null = null,
) {
  const { i18n } = useTranslation();
  const [exchanges, setExchanges] = useState<AssistantExchange[]>([]);
  const lastId = useRef(0);

  const ask = useCallback(
    (question: string) => {
      lastId.current += 1;
      const id = lastId.current;
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
    [knowledge, jurisdiction, legalForm, i18n],
  );

  return { exchanges, ask };
}
