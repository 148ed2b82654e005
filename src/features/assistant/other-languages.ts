import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import countries from 'virtual:knowledge-countries';
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

/** What a question found in another language: the entries' ids (best first) and that language. */
export interface OtherLanguageAnswer {
  language: Language;
  ids: string[];
}

/**
 * Searches the FAQ and the knowledge base of the languages other than `language` and returns the
 * entries the best of them found (the caller shows them in the interface's language, entries having
 * the same ids in every language), or null when none found anything.
 */
export async function searchOtherLanguages(
  language: Language,
  question: string,
  context: SearchContext = {},
): Promise<OtherLanguageAnswer | null> {
  const others = LANGUAGES.filter((other) => other !== language);
  const results = await Promise.all(
    others.map(async (other) => ({
      language: other,
      matches: (await indexOf(other)).search(question, context),
    })),
  );
  const best = results
    .filter((result) => result.matches.length > 0)
    .sort((a, b) => (b.matches[0]?.score ?? 0) - (a.matches[0]?.score ?? 0))[0];
  return best ? { language: best.language, ids: best.matches.map(({ entry }) => entry.id) } : null;
}
