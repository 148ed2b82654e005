import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import countries from 'virtual:knowledge-countries';
import legalForms from 'virtual:knowledge-legal-forms';
import {
  createKnowledgeIndex,
  knowledgeEntries,
  type FaqItem,
  type KnowledgeIndex,
  type SearchContext,
} from '@/lib/knowledge/knowledge-index';

/**
 * The FAQ and the knowledge base in every language, loaded only when a question finds nothing in the
 * interface's language (a founder writing English in the French wizard): their files are chunks of
 * their own, so the wizard does not carry them until then.
 */
const faqFiles = import.meta.glob<{ items: Record<string, FaqItem> }>('../../../locales/*/faq.json', {
  import: 'default',
});
const knowledgeFiles = import.meta.glob<{
  items: Record<string, FaqItem>;
  faqPhrasings: Record<string, string>;
  outsideGuide?: string;
}>('../../../locales/*/knowledge.json', { import: 'default' });

const indexes = new Map<Language, Promise<KnowledgeIndex>>();

function indexOf(language: Language): Promise<KnowledgeIndex> {
  let index = indexes.get(language);
  if (!index) {
    const faq = faqFiles[`../../../locales/${language}/faq.json`];
    const knowledge = knowledgeFiles[`../../../locales/${language}/knowledge.json`];
    if (!faq || !knowledge) return Promise.reject(new Error(`No knowledge for ${language}`));
    index = Promise.all([faq(), knowledge()]).then(([faqFile, knowledgeFile]) =>
      createKnowledgeIndex(
        knowledgeEntries(
          [],
          (key) => key,
          { ...faqFile.items, ...knowledgeFile.items },
          knowledgeFile.faqPhrasings,
          countries,
          legalForms,
        ),
        { outsideGuide: knowledgeFile.outsideGuide },
      ),
    );
    // A failed load (network gone) is tried again at the next question.
    index.catch(() => indexes.delete(language));
    indexes.set(language, index);
  }
  return index;
}

/**
 * What a question found in another language: the entries' ids (best first), that language and the
 * best one's score; or
 * that its language's guide leaves the subject out (`outside`).
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
      const index = await indexOf(other);
      return {
        language: other,
        matches: index.search(question, context),
        outside: index.isOutsideGuide(question, context),
      };
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
