import { Anchor, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBook2, IconExternalLink, IconLanguage } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Language } from '@/lib/i18n/languages';
import type { KnowledgeEntry } from '@/lib/knowledge/knowledge-index';
import type { CompanyFacts } from '@/shared/company-facts';
import { closestTopics, helpEntryHref, helpTopicHref, topicOf, type HelpTopicId } from './assistant-topics';
import { Details } from './details';
import { splitFirstSentence } from './short-answer';
import type { AssistantReply } from './exchange-log';
import type { AssistantKnowledge } from './use-assistant-knowledge';
import classes from './wizard-assistant.module.css';

// The founder's own figures, and which entries have them: loaded with the first answer of the guide
// (fees, catalog, rules), never with the wizard.
const PersonalBlock = lazy(() => import('./personal-block'));

/** The title of a /help topic (loaded with the assistant's knowledge, see useAssistantKnowledge). */
function useTopicTitle() {
  const { t } = useTranslation('info');
  return (topic: HelpTopicId) => t(`help.topics.${topic}` as 'help.topics.other');
}

/**
 * A link to another page of the site, opened in a new tab: the founder keeps the form and the
 * conversation. Its last word and the icon stay on one line (an icon alone on a line reads as a stray mark).
 */
function NewTabLink({ to, children }: { to: string; children: string }) {
  const { t } = useTranslation('assistant');
  const cut = children.lastIndexOf(' ') + 1;
  return (
    <Anchor
      component={Link}
      to={to}
      target="_blank"
      rel="noopener"
      size="sm"
      fw={600}
      className={classes.link}
    >
      {children.slice(0, cut)}
      <span className={classes.linkEnd}>
        {children.slice(cut)}
        <IconExternalLink size={14} aria-hidden="true" className={classes.linkIcon} />
      </span>
      <VisuallyHidden>{` ${t('chat.answer.newTab')}`}</VisuallyHidden>
    </Anchor>
  );
}

/** No answer: the topics of /help that come closest, and the contact page. */
function NothingFound({ topics }: { topics: HelpTopicId[] }) {
  const { t } = useTranslation('assistant');
  const topicTitle = useTopicTitle();
  return (
    <Stack gap={6}>
      <Text size="sm">{t('chat.answer.nothing')}</Text>
      <Text size="sm">{t('chat.answer.closestTopics')}</Text>
      <ul className={classes.topicList}>
        {topics.map((topic) => (
          <li key={topic}>
            <NewTabLink to={helpTopicHref(topic)}>{topicTitle(topic)}</NewTabLink>
          </li>
        ))}
      </ul>
      <Text size="sm">
        {t('chat.answer.contactLead')} <NewTabLink to={paths.contact}>{t('chat.answer.contact')}</NewTabLink>
      </Text>
    </Stack>
  );
}

/** One entry found: a field's hint with its link to the field, or an FAQ entry with its topic on /help. */
function Entry({ entry, onJump }: { entry: KnowledgeEntry; onJump: (field: string) => void }) {
  const { t } = useTranslation('assistant');
  const topicTitle = useTopicTitle();
  const topic = entry.kind === 'faq' ? topicOf(entry.id) : null;
  const { first, rest } = splitFirstSentence(entry.text);
  return (
    <div className={classes.answer} data-testid="assistant-answer">
      {topic ? (
        <Text size="xs" fw={600} className={classes.topic} data-testid="assistant-answer-topic">
          <IconBook2 size={14} aria-hidden="true" />
          {topicTitle(topic)}
        </Text>
      ) : null}
      <Text size="sm" fw={600}>
        {entry.title}
      </Text>
      {/* Short first: the first sentence, the rest folded. */}
      <Text size="sm">{first}</Text>
      {rest ? (
        <Details>
          <Text size="sm">{rest}</Text>
        </Details>
      ) : null}
      {topic ? (
        <div className={classes.readMore}>
          <NewTabLink to={helpEntryHref(entry.id)}>{t('chat.answer.readInHelp')}</NewTabLink>
        </div>
      ) : (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          px={4}
          onClick={() => onJump(entry.id)}
          className={classes.jump}
        >
          {t('chat.answer.goToField', { field: entry.title })}
        </Button>
      )}
    </div>
  );
}

interface AssistantReplyViewProps {
  reply: AssistantReply;
  /** The question as the founder typed it (a CAEN answer looks for the activity it names). */
  question: string;
  knowledge: AssistantKnowledge;
  language: Language;
  /** What the founder's file says of the company, for the figures of their own company. */
  facts: CompanyFacts;
  onJump: (field: string) => void;
}

/** The assistant's reply to one question, in the interface's language of the moment. */
export function AssistantReplyView({
  reply,
  question,
  knowledge,
  language,
  facts,
  onJump,
}: AssistantReplyViewProps) {
  const { t } = useTranslation('assistant');

  if (reply.kind === 'searching') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Loader size={14} color="gray" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('chat.answer.searchingOtherLanguages')}
        </Text>
      </Group>
    );
  }
  if (reply.kind === 'nothing') return <NothingFound topics={reply.topics} />;

  const entries = reply.keys
    .map((key) => knowledge.byKey.get(key))
    .filter((entry): entry is KnowledgeEntry => entry !== undefined);
  // Entries of a legal form the founder has since left: as good as nothing.
  if (entries.length === 0) return <NothingFound topics={closestTopics([])} />;
  // Found in another language, read in this one (unless the founder has since switched to that language).
  const askedIn = reply.foundIn !== language ? reply.foundIn : undefined;
  // The top answer on the cost, the capital or the managers: the founder's own figures come first.
  const [top] = entries;
  return (
    <Stack gap="xs">
      {askedIn ? (
        <Text size="sm" className={classes.languageNote}>
          <IconLanguage size={16} aria-hidden="true" />
          <span>
            {t('chat.answer.otherLanguage', {
              asked: t(`chat.languages.${askedIn}`),
              shown: t(`chat.languages.${language}`),
            })}
          </span>
        </Text>
      ) : (
        <Text size="sm">{t('chat.answer.found')}</Text>
      )}
      {top ? (
        <Suspense fallback={null}>
          <PersonalBlock
            entry={top.id}
            field={top.kind === 'field'}
            question={question}
            facts={facts}
            onJump={onJump}
          />
        </Suspense>
      ) : null}
      {entries.map((entry) => (
        <Entry key={`${entry.kind}:${entry.id}`} entry={entry} onJump={onJump} />
      ))}
    </Stack>
  );
}
