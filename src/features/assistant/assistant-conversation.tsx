import { ActionIcon, Paper, Text, TextInput } from '@mantine/core';
import { IconBulb, IconSend } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n/languages';
import { MAX_QUESTION_LENGTH } from '@/lib/knowledge/knowledge-index';
import type { CompanyFacts } from '@/shared/company-facts';
import { AssistantReplyView } from './assistant-reply';
import type { AssistantExchange } from './exchange-log';
import type { AssistantKnowledge } from './use-assistant-knowledge';
import classes from './wizard-assistant.module.css';

/** The space kept above the newest question when it is scrolled into view, in pixels. */
const SCROLL_MARGIN = 12;

function Bubble({ from, children }: { from: 'user' | 'assistant'; children: ReactNode }) {
  const { t } = useTranslation('assistant');
  return (
    <div className={from === 'user' ? classes.userRow : classes.assistantRow}>
      <Paper className={from === 'user' ? classes.userBubble : classes.assistantBubble} radius="lg" p="sm">
        <Text size="xs" fw={600} className={classes.author}>
          {from === 'user' ? t('chat.you') : t('chat.bot')}
        </Text>
        {children}
      </Paper>
    </div>
  );
}

/**
 * The spec's sample exchange, shown as an example of what to ask: set apart from the conversation, so
 * that nobody reads it as something they typed.
 */
function SampleExchange() {
  const { t } = useTranslation('assistant');
  const labelId = useId();
  return (
    <figure className={classes.example} aria-labelledby={labelId}>
      <Text component="figcaption" id={labelId} size="xs" fw={700} className={classes.exampleLabel}>
        {t('chat.sample.label')}
      </Text>
      <Text size="sm" fw={600} className={classes.exampleQuestion}>
        {t('chat.sample.question')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('chat.sample.answer')}
      </Text>
    </figure>
  );
}

interface AssistantConversationProps {
  knowledge: AssistantKnowledge;
  exchanges: AssistantExchange[];
  focusedField: string | null;
  /** What the founder's file says of the company: answers give its own figures. */
  facts: CompanyFacts;
  onAsk: (question: string) => void;
  onJump: (field: string) => void;
  /** Put the focus in the question box when the conversation first shows (after a retry). */
  focusQuestion?: boolean;
}

/**
 * The conversation: the greeting and an example question, then the founder's questions with their
 * answers, the hint of the field being filled in, and the box to ask a question.
 */
export function AssistantConversation({
  knowledge,
  exchanges,
  focusedField,
  facts,
  onAsk,
  onJump,
  focusQuestion = false,
}: AssistantConversationProps) {
  const { t, i18n } = useTranslation('assistant');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [question, setQuestion] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Only when first shown: a later change of the prop must not pull the focus from where the founder is.
  const focusOnShow = useRef(focusQuestion);
  useEffect(() => {
    if (focusOnShow.current) input.current?.focus();
  }, []);
  const hint = focusedField ? knowledge.byField.get(focusedField) : undefined;

  // The newest question at the top of the conversation, its answer under it: a long answer is read
  // from its start (its topic and question), not from its end. Again when a reply searched in other
  // languages arrives.
  const lastReply = exchanges.at(-1)?.reply;
  useEffect(() => {
    const element = log.current;
    const newest = element?.lastElementChild;
    if (!element || !newest || exchanges.length === 0) return;
    element.scrollTop +=
      newest.getBoundingClientRect().top - element.getBoundingClientRect().top - SCROLL_MARGIN;
  }, [exchanges.length, lastReply]);

  return (
    <div className={classes.body}>
      {/* Focusable: the conversation scrolls, and a keyboard must be able to scroll it too. */}
      <div ref={log} className={classes.log} role="log" aria-label={t('chat.conversationLabel')} tabIndex={0}>
        <Bubble from="assistant">
          <Text size="sm">{t('chat.sample.greeting')}</Text>
        </Bubble>
        <SampleExchange />
        {exchanges.map((exchange) => (
          <div key={exchange.id} className={classes.exchange} data-testid="assistant-exchange">
            <Bubble from="user">
              <Text size="sm" className={classes.question}>
                {exchange.question}
              </Text>
            </Bubble>
            <Bubble from="assistant">
              <AssistantReplyView
                reply={exchange.reply}
                question={exchange.question}
                knowledge={knowledge}
                language={language}
                facts={facts}
                onJump={onJump}
              />
            </Bubble>
          </div>
        ))}
      </div>
      {/* Always there, so that a screen reader hears the first hint too, not only the ones after it. */}
      <div aria-live="polite" className={classes.hintRegion}>
        {hint ? (
          <Paper className={classes.hint} p="sm" radius="md" data-testid="assistant-hint">
            <Text size="sm" fw={600} className={classes.hintTitle}>
              <IconBulb size={16} aria-hidden="true" />
              {t('chat.hint.title', { field: hint.title })}
            </Text>
            <Text size="sm">{hint.text}</Text>
          </Paper>
        ) : null}
      </div>
      <form
        className={classes.ask}
        onSubmit={(event) => {
          event.preventDefault();
          const text = question.trim();
          if (!text) return;
          onAsk(text);
          setQuestion('');
        }}
      >
        <TextInput
          ref={input}
          className={classes.askInput}
          label={t('chat.input.label')}
          placeholder={t('chat.input.placeholder')}
          value={question}
          maxLength={MAX_QUESTION_LENGTH}
          autoComplete="off"
          onChange={(event) => setQuestion(event.currentTarget.value)}
        />
        <ActionIcon type="submit" size={36} aria-label={t('chat.input.send')} disabled={!question.trim()}>
          <IconSend size={18} aria-hidden="true" />
        </ActionIcon>
      </form>
    </div>
  );
}
