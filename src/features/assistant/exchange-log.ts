import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Language } from '@/lib/i18n/languages';
import type { HelpTopicId } from './assistant-topics';

/**
 * What the assistant found for a question, as entries and topics, never as text: the conversation
 * shows it in the language of the moment, and again in another one chosen later.
 */
export type AssistantReply =
  /** Entries as `kind:id`, best first; `foundIn`: the other language that found them. */
  | { kind: 'answers'; keys: string[]; foundIn?: Language }
  /** Nothing in the interface's language: the other languages are being searched. */
  | { kind: 'searching' }
  /** Nothing anywhere: the help topics that come closest. */
  | { kind: 'nothing'; topics: HelpTopicId[] };

/** A question typed by the founder and the assistant's reply. */
export interface AssistantExchange {
  id: number;
  question: string;
  reply: AssistantReply;
}

/**
 * The conversation itself, kept by the assistant's frame (the wizard's panel or phone drawer): it
 * outlives the drawer's closing, and the knowledge that answers loads only when the assistant opens.
 */
export interface ExchangeLog {
  exchanges: AssistantExchange[];
  setExchanges: Dispatch<SetStateAction<AssistantExchange[]>>;
  /** A new exchange's id: one more than the last one's. */
  nextId: () => number;
}

export function useExchangeLog(): ExchangeLog {
  const [exchanges, setExchanges] = useState<AssistantExchange[]>([]);
  const lastId = useRef(0);
  const nextId = useCallback(() => {
    lastId.current += 1;
    return lastId.current;
  }, []);
  return { exchanges, setExchanges, nextId };
}
