import type { StepDefinition } from '@/forms/form-definition';
import type { CompanyFacts } from '@/shared/company-facts';
import { AssistantConversation } from './assistant-conversation';
import type { ExchangeLog } from './exchange-log';
import { useAssistantExchanges } from './use-assistant-exchanges';
import { useAssistantKnowledge } from './use-assistant-knowledge';

export interface AssistantSessionProps {
  steps: readonly StepDefinition[];
  log: ExchangeLog;
  focusedField: string | null;
  facts: CompanyFacts;
  onJump: (field: string) => void;
  /** Put the focus in the question box once shown: after a retry, whose button is gone. */
  focusQuestion?: boolean;
}

/**
 * The assistant once open: its knowledge (some 45 kB per language, compressed) and its matcher, with
 * the conversation. A chunk of its own (wizard-assistant.tsx loads it lazily), so that a phone fills
 * in the wizard without downloading it until its founder opens the assistant.
 */
export default function AssistantSession({
  steps,
  log,
  focusedField,
  facts,
  onJump,
  focusQuestion = false,
}: AssistantSessionProps) {
  const knowledge = useAssistantKnowledge(steps);
  const { exchanges, ask } = useAssistantExchanges(knowledge, log, facts.jurisdiction, facts.legalForm);
  return (
    <AssistantConversation
      knowledge={knowledge}
      exchanges={exchanges}
      focusedField={focusedField}
      facts={facts}
      onAsk={ask}
      onJump={onJump}
      focusQuestion={focusQuestion}
    />
  );
}
