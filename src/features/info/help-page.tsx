import { Accordion, Anchor, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import '@/lib/i18n/knowledge-namespace';
import helpTopics from '../../../schemas/help.json';
import { matchesQuery } from './help-search';
import classes from './help.module.css';

interface Topic {
  id: string;
  entries: { id: string; question: string; answer: string }[];
}

/**
 * /help: the FAQ (locales/<lang>/faq.json) and the knowledge base (knowledge.json) grouped by the topics of schemas/help.json, with a search
 * over questions and answers. An entry no topic lists still shows, under "Other questions".
 */
export function HelpPage() {
  const { t } = useTranslation(['info', 'faq', 'knowledge']);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // The landing page's FAQ, then the knowledge base's entries (locales/<lang>/knowledge.json).
  const faqItems = t('faq:items', { returnObjects: true });
  const knowledgeItems = t('knowledge:items', { returnObjects: true });
  const items = useMemo(() => ({ ...faqItems, ...knowledgeItems }), [faqItems, knowledgeItems]);

  const topics = useMemo<Topic[]>(() => {
    const listed = new Set(helpTopics.topics.flatMap((topic) => topic.items));
    const entry = (id: string) => {
      const item = (items as Record<string, { question: string; answer: string } | undefined>)[id];
      return item ? [{ id, ...item }] : [];
    };
    const grouped = helpTopics.topics.map((topic) => ({ id: topic.id, entries: topic.items.flatMap(entry) }));
    const others = Object.keys(items)
      .filter((id) => !listed.has(id))
      .flatMap(entry);
    return others.length > 0 ? [...grouped, { id: 'other', entries: others }] : grouped;
  }, [items]);

  const searching = deferredQuery.trim() !== '';
  const shown = topics
    .map((topic) => ({
      ...topic,
      entries: topic.entries.filter((item) => matchesQuery(deferredQuery, item.question, item.answer)),
    }))
    .filter((topic) => topic.entries.length > 0);
  const count = shown.reduce((sum, topic) => sum + topic.entries.length, 0);
  const openFound = searching && count <= 3;

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
            size="md"
          />
          <Text size="sm" c="dimmed" mt={6} role="status" aria-live="polite">
            {searching
              ? count > 0
                ? t('help.results', { count })
                : t('help.noResults', { query: deferredQuery.trim() })
              : null}
          </Text>
        </div>
        {shown.map((topic) => (
          <section key={topic.id} aria-labelledby={`help-${topic.id}`}>
            <Title order={2} id={`help-${topic.id}`} className={classes.topicTitle}>
              {t(`help.topics.${topic.id}` as 'help.topics.other')}
            </Title>
            <Accordion
              variant="separated"
              radius="md"
              order={3}
              multiple
              // While searching, the few answers found open at once (a new key re-applies the default).
              key={openFound ? `found:${deferredQuery}` : 'browse'}
              defaultValue={openFound ? topic.entries.map((item) => item.id) : []}
            >
              {topic.entries.map((item) => (
                <Accordion.Item key={item.id} value={item.id} id={`faq-${item.id}`}>
                  <Accordion.Control fw={600}>{item.question}</Accordion.Control>
                  <Accordion.Panel>{item.answer}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))}
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
