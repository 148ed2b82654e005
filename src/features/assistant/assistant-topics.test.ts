import { describe, expect, it } from 'vitest';
import helpTopics from '../../../schemas/help.json';
import type { KnowledgeEntry, KnowledgeMatch } from '@/lib/knowledge/knowledge-index';
import { closestTopics, helpEntryHref, helpTopicHref, OTHER_TOPIC, topicOf } from './assistant-topics';

const faq = (id: string, score: number): KnowledgeMatch => ({
  entry: { kind: 'faq', id, title: id, text: '', context: '' },
  score,
});
const field = (id: string, score: number): KnowledgeMatch => ({
  entry: { kind: 'field', id, title: id, text: '', context: '' } satisfies KnowledgeEntry,
  score,
});
const firstTopics = helpTopics.topics.map((topic) => topic.id);

describe('the help topics of the assistant', () => {
  it('knows the topic of each entry of /help, and files the others under "other"', () => {
    expect(topicOf('frenchCapital')).toBe('capital');
    expect(topicOf('payment')).toBe('offers');
    expect(topicOf('noSuchEntry')).toBe(OTHER_TOPIC);
  });

  it('offers the topics of the closest entries, each once, best first, without fields', () => {
    expect(
      closestTopics([
        faq('timeToKbisFr', 9),
        field('shareCapital', 8),
        faq('legalNoticeFr', 7),
        faq('payment', 5),
        faq('frenchCapital', 4),
        faq('chooseForm', 3),
      ]),
    ).toEqual(['formalities', 'offers', 'capital']);
  });

  it('fills up with the first topics of /help', () => {
    expect(closestTopics([])).toEqual(firstTopics.slice(0, 3));
    expect(closestTopics([faq('payment', 2), field('shareCapital', 1)])).toEqual([
      'offers',
      ...firstTopics.filter((topic) => topic !== 'offers').slice(0, 2),
    ]);
    expect(closestTopics([faq('frenchCapital', 2)])).toEqual(['capital', firstTopics[0], firstTopics[2]]);
  });

  it('links a topic to its section of /help', () => {
    expect(helpTopicHref('capital')).toBe('/help#help-capital');
  });

  it('links an entry to its place on /help', () => {
    expect(helpEntryHref('frenchCapital')).toBe('/help#faq-frenchCapital');
  });
});
