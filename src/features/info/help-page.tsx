import { Accordion, Anchor, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import '@/lib/i18n/knowledge-namespace';
// The wizard assistant's index, so that /help finds what the assistant answers (synonyms, typos).
import {
  createKnowledgeIndex,
  knowledgeEntries,
  MAX_QUESTION_LENGTH,
  type FaqItem,
} from '@/lib/knowledge/knowledge-index';
import helpTopics from '../../../schemas/help.json';
import { rankHelpEntries, type HelpEntry, type HelpIndex } from './help-search';
import classes from './help.module.css';

interface Topic {
  id: string;
  entries: HelpEntry[];
}

/** The FAQ's and the knowledge base's entries under their topics, and the search index over them. */
function helpContent(
  items: Record<string, FaqItem>,
  faqPhrasings: Record<string, string>,
  outsideGuide: string,
): { topics: Topic[]; entries: HelpEntry[]; topicOf: Map<string, string>; index: HelpIndex } {
  const listed = new Set(helpTopics.topics.flatMap((topic) => topic.items));
  const entry = (id: string) => {
    const item = items[id];
    return item ? [{ id, question: item.question, answer: item.answer }] : [];
  };
  const grouped = helpTopics.topics.map((topic) => ({ id: topic.id, entries: topic.items.flatMap(entry) }));
  const others = Object.keys(items)
    .filter((id) => !listed.has(id))
    .flatMap(entry);
  const topics = others.length > 0 ? [...grouped, { id: 'other', entries: others }] : grouped;
  // Without the wizard's field hints: /help lists the FAQ and the knowledge base only. A question
  // about what the guide does not cover (taxes, hiring) gets no best answer, as in the assistant.
  // The plain search index, not the assistant's matcher (createAssistantMatcher): /help shows every
  // entry the index finds, grouped by topic, and a re-ranked top three would add a classifier's
  // training to the page for little.
  const entries = knowledgeEntries([], (key) => key, items, faqPhrasings);
  return {
    topics,
    entries: topics.flatMap((topic) => topic.entries),
    topicOf: new Map(topics.flatMap((topic) => topic.entries.map((item) => [item.id, topic.id] as const))),
    index: createKnowledgeIndex(entries, { outsideGuide }),
  };
}

/** The id a link's hash points to; a malformed one ("#faq-%") points nowhere rather than failing. */
function decodedHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

/**
 * /help: the FAQ (locales/<lang>/faq.json) and the knowledge base (knowledge.json) grouped by the topics of schemas/help.json, with a search
 * over them. An entry no topic lists still shows, under "Other questions". A query shows the answers
 * the wizard's assistant would give first (the best one open), then the other entries close to it or
 * holding its every word, each with its topic.
 */
export function HelpPage() {
  const { t } = useTranslation(['info', 'faq', 'knowledge']);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // Built once per language (`t` changes with it), not at each keystroke.
  const content = useMemo(
    () =>
      helpContent(
        // The landing page's FAQ, then the knowledge base's entries.
        { ...t('faq:items', { returnObjects: true }), ...t('knowledge:items', { returnObjects: true }) },
        t('knowledge:faqPhrasings', { returnObjects: true }),
        t('knowledge:outsideGuide'),
      ),
    [t],
  );

  const trimmed = deferredQuery.trim();
  const searching = trimmed !== '';
  const results = useMemo(
    () => rankHelpEntries(deferredQuery, content.entries, content.index),
    [deferredQuery, content],
  );
  const count = results.best.length + results.related.length;
  // A link to an entry (/help#faq-fees, from the wizard's assistant) opens it and scrolls to it.
  const { hash } = useLocation();
  const target = decodedHash(hash);
  const linkedEntry = target.startsWith('faq-') ? target.slice('faq-'.length) : null;
  useEffect(() => {
    if (!hash) return;
    document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [hash, target]);
  const topicTitle = (id: string) =>
    t(`help.topics.${content.topicOf.get(id) ?? 'other'}` as 'help.topics.other');

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl" maw={820}>
        <Stack gap="sm">
          <Title order={1}>{t('help.title')}</Title>
          <Text size="lg" c="dimmed">
            {t('help.lead')}
          </Text>
        </Stack>
        <div role="search">
          <TextInput
            type="search"
            label={t('help.searchLabel')}
            placeholder={t('help.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maxLength={MAX_QUESTION_LENGTH}
            size="md"
          />
          <Text size="sm" c="dimmed" mt={6} role="status" aria-live="polite">
            {searching
              ? count > 0
                ? t('help.results', { count })
                : t('help.noResults', { query: trimmed })
              : null}
          </Text>
        </div>
        {searching ? (
          <>
            <HelpSection
              id="best"
              title={t('help.bestAnswers')}
              entries={results.best}
              // The best answer opens at once, the others stay one tap away (a new key re-applies the
              // default at each query).
              openKey={`best:${trimmed}`}
              topicTitle={topicTitle}
            />
            <HelpSection
              id="related"
              title={t(results.best.length > 0 ? 'help.moreAnswers' : 'help.mayHelp')}
              entries={results.related}
              topicTitle={topicTitle}
            />
          </>
        ) : (
          content.topics.map((topic) => (
            <HelpSection
              key={topic.id}
              id={topic.id}
              title={t(`help.topics.${topic.id}` as 'help.topics.other')}
              entries={topic.entries}
              {...(linkedEntry && topic.entries.some((item) => item.id === linkedEntry)
                ? { opened: linkedEntry }
                : {})}
            />
          ))
        )}
        <Text>
          {t('help.stillStuck')}{' '}
          <Anchor component={Link} to={paths.contact} fw={600}>
            {t('help.contactLink')}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}

interface HelpSectionProps {
  id: string;
  title: string;
  entries: readonly HelpEntry[];
  /** Given: the first entry opens, anew whenever it changes. */
  openKey?: string;
  /** Given: each entry shows its topic (a search's results mix them). */
  topicTitle?: (id: string) => string;
  /** The entry open at first (the one a link points to), when it is not the first one. */
  opened?: string;
}

/** A titled list of entries, each a question that opens on its answer; nothing when it has none. */
function HelpSection({ id, title, entries, openKey, topicTitle, opened }: HelpSectionProps) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={`help-${id}`}>
      <Title order={2} id={`help-${id}`} className={classes.topicTitle}>
        {title}
      </Title>
      <Accordion
        variant="separated"
        radius="md"
        order={3}
        multiple
        key={openKey ?? opened ?? 'closed'}
        defaultValue={openKey ? entries.slice(0, 1).map((item) => item.id) : opened ? [opened] : []}
      >
        {entries.map((item) => (
          <Accordion.Item key={item.id} value={item.id} id={`faq-${item.id}`} className={classes.entry}>
            <Accordion.Control>
              <Text component="span" display="block" fw={600}>
                {item.question}
              </Text>
              {topicTitle ? (
                <Text component="span" display="block" size="sm" c="dimmed" mt={2}>
                  {topicTitle(item.id)}
                </Text>
              ) : null}
            </Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}
