import { paths } from '@/config/paths';
import helpTopics from '../../../schemas/help.json';
import type { KnowledgeMatch } from '@/lib/knowledge/knowledge-index';

/** A topic of /help (schemas/help.json); its title is info:help.topics.<id>. */
export type HelpTopicId = string;

/** Where /help shows an entry no topic lists (its title is info:help.topics.other). */
export const OTHER_TOPIC: HelpTopicId = 'other';

const topicOfEntry = new Map(
  helpTopics.topics.flatMap((topic) => topic.items.map((entry) => [entry, topic.id] as const)),
);

/** The topic an FAQ or knowledge-base entry is filed under on /help. */
export function topicOf(entryId: string): HelpTopicId {
  return topicOfEntry.get(entryId) ?? OTHER_TOPIC;
}

/** How many topics the assistant offers when it has no answer. */
export const CLOSEST_TOPIC_COUNT = 3;

/**
 * The topics to offer when nothing answers a question: those of the entries that come closest (best
 * first, each once), filled up with the first topics of /help, so that the founder always has somewhere to go.
 */
export function closestTopics(matches: readonly KnowledgeMatch[]): HelpTopicId[] {
  const topics = new Set<HelpTopicId>();
  for (const { entry } of matches) {
    if (topics.size === CLOSEST_TOPIC_COUNT) break;
    if (entry.kind === 'faq') topics.add(topicOf(entry.id));
  }
  for (const topic of helpTopics.topics) {
    if (topics.size === CLOSEST_TOPIC_COUNT) break;
    topics.add(topic.id);
  }
  return [...topics];
}

/** The address of a topic's section on /help (its id in help-page.tsx). */
export function helpTopicHref(topic: HelpTopicId): string {
  return `${paths.help}#help-${topic}`;
}

/** The address of an entry on /help, which opens it and scrolls to it (help-page.tsx). */
export function helpEntryHref(entryId: string): string {
  return `${paths.help}#faq-${encodeURIComponent(entryId)}`;
}
