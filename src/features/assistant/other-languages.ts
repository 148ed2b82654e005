import { loadNamespace } from '@/lib/i18n/i18n';
import '@/lib/i18n/knowledge-namespace';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import {
  createKnowledgeIndex,
  knowledgeEntries,
  type FaqItem,
  type KnowledgeIndex,
  type SearchContext,
} from '@/lib/knowledge/knowledge-index';

/** The words of the FAQ and the knowledge base a language's index is built from. */
interface FaqWords {
  items: Record<string, FaqItem>;
}
interface KnowledgeWords extends FaqWords {
  faqPhrasings: Record<string, string>;
  outsideGuide?: string;
}

/**
 * The FAQ and the knowledge base in the other languages, loaded (as i18next loads them, each file a
 * chunk of its own) only when a question calls for them: the wizard does not carry them until then.
 */
const indexes = new Map<Language, Promise<KnowledgeIndex>>();

function indexOf(language: Language): Promise<KnowledgeIndex> {
  let index = indexes.get(language);
  if (!index) {
    index = Promise.all([loadNamespace(language, 'faq'), loadNamespace(language, 'knowledge')]).then(
      ([faqWords, knowledgeWords]) => {
        const faq = faqWords as unknown as FaqWords;
        const knowledge = knowledgeWords as unknown as KnowledgeWords;
        return createKnowledgeIndex(
          knowledgeEntries([], (key) => key, { ...faq.items, ...knowledge.items }, knowledge.faqPhrasings),
          { outsideGuide: knowledge.outsideGuide },
        );
      },
    );
    // A failed load (network gone) is tried again at the next question.
    index.catch(() => indexes.delete(language));
    indexes.set(language, index);
  }
  return index;
}

/**
 * What a question found in another language: the entries' ids (best first), that language and the
 * best one's score; or that its language's guide leaves the subject out (`outside`).
 */
export type OtherLanguageAnswer = { language: Language; ids: string[]; score: number } | { outside: true };

/**
 * Searches the FAQ and the knowledge base of the languages other than `language` and returns the
 * entries the best of them found (the caller shows them in the interface's language, entries having
 * the same ids in every language), `{ outside: true }` when a language's guide leaves the subject
 * out, or null when none found anything.
 */
export async function searchOtherLanguages(
  language: Language,
  question: string,
  context: SearchContext = {},
): Promise<OtherLanguageAnswer | null> {
  const others = LANGUAGES.filter((other) => other !== language);
  // A language whose words failed to load (network gone) is left out; the other may still answer.
  const settled = await Promise.allSettled(
    others.map(async (other) => {
      const { answers, outsideGuide } = (await indexOf(other)).ask(question, context);
      return { language: other, matches: answers, outside: outsideGuide };
    }),
  );
  const results = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  // Written in a language whose guide leaves the subject out (VAT asked in English in the French
  // wizard): no answer, rather than a third language's entry sharing a word with it.
  if (results.some((result) => result.outside)) return { outside: true };
  const best = results
    .filter((result) => result.matches.length > 0)
    .sort((a, b) => (b.matches[0]?.score ?? 0) - (a.matches[0]?.score ?? 0))[0];
  return best
    ? {
        language: best.language,
        ids: best.matches.map(({ entry }) => entry.id),
        score: best.matches[0]?.score ?? 0,
      }
    : null;
}
