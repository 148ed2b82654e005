import { ActionIcon, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBulb, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { KnowledgeEntry } from './assistant-knowledge';
import type { AssistantKnowledge } from './use-assistant-knowledge';
import classes from './wizard-assistant.module.css';

/** A question typed by the user and what the assistant found (entries as `kind:id`, best first). */
export interface AssistantExchange {
  id: number;
  question: string;
  answers: string[];
}

/** The longest question kept: a pasted page would only make the search slower, never better. */
const MAX_QUESTION_LENGTH = 500;

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

function Answer({ entries, onJump }: { entries: KnowledgeEntry[]; onJump: (field: string) => void }) {
  const { t } = useTranslation('assistant');
  if (entries.length === 0) {
    return (
      <Text size="sm">
        {t('chat.answer.nothing')}{' '}
        <Anchor component={Link} to={paths.contact} size="sm">
          {t('chat.answer.contact')}
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">{t('chat.answer.found')}</Text>
      {entries.map((entry) => (
        <div key={`${entry.kind}:${entry.id}`} className={classes.answer}>
          {entry.kind === 'faq' ? (
            <Text size="xs" c="dimmed">
              {t('chat.answer.fromFaq')}
            </Text>
          ) : null}
          <Text size="sm" fw={600}>
            {entry.title}
          </Text>
          <Text size="sm">{entry.text}</Text>
          {entry.kind === 'field' ? (
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
          ) : null}
        </div>
      ))}
    </Stack>
  );
}

interface AssistantConversationProps {
  knowledge: AssistantKnowledge;
  exchanges: AssistantExchange[];
  focusedField: string | null;
  onAsk: (question: string) => void;
  onJump: (field: string) => void;
}

/**
 * The conversation: the sample exchange of the spec, then the user's questions with their answers, the
 * hint of the field being filled in, and the box to ask a question.
 */
export function AssistantConversation({
  knowledge,
  exchanges,
  focusedField,
  onAsk,
  onJump,
}: AssistantConversationProps) {
  const { t } = useTranslation('assistant');
  const [question, setQuestion] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const hint = focusedField ? knowledge.byField.get(focusedField) : undefined;

  // The newest answer in view, as in any chat.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [exchanges.length]);

  return (
    <div className={classes.body}>
      {/* Focusable: the conversation scrolls, and a keyboard must be able to scroll it too. */}
      <div ref={log} className={classes.log} role="log" aria-label={t('chat.conversationLabel')} tabIndex={0}>
        <Bubble from="assistant">
          <Text size="sm">{t('chat.sample.greeting')}</Text>
        </Bubble>
        <Bubble from="user">
          <Text size="sm">{t('chat.sample.question')}</Text>
        </Bubble>
        <Bubble from="assistant">
          <Text size="sm">{t('chat.sample.answer')}</Text>
        </Bubble>
        {exchanges.map((exchange) => (
          <div key={exchange.id} className={classes.exchange}>
            <Bubble from="user">
              <Text size="sm" className={classes.question}>
                {exchange.question}
              </Text>
            </Bubble>
            <Bubble from="assistant">
              <Answer
                entries={exchange.answers
                  .map((key) => knowledge.byKey.get(key))
                  .filter((entry): entry is KnowledgeEntry => entry !== undefined)}
                onJump={onJump}
              />
            </Bubble>
          </div>
        ))}
      </div>
      {hint ? (
        <Paper className={classes.hint} p="sm" radius="md" aria-live="polite" data-testid="assistant-hint">
          <Text size="sm" fw={600} className={classes.hintTitle}>
            <IconBulb size={16} aria-hidden="true" />
            {t('chat.hint.title', { field: hint.title })}
          </Text>
          <Text size="sm">{hint.text}</Text>
        </Paper>
      ) : null}
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
