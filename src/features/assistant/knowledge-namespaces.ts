/**
 * The assistant's own words and the help topics' titles, which it loads with its knowledge: read by its session (use-assistant-knowledge.ts) and asked
 * for again by a retry (wizard-assistant.tsx). A module of its own, so that the wizard's code does not
 * pull the session's in with it.
 */
export const KNOWLEDGE_NAMESPACES = ['faq', 'knowledge', 'info'] as const;
