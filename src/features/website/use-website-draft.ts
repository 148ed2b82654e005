import { useCallback, useEffect, useRef, useState } from 'react';
import type { WebsiteContent } from '@/shared/website';
import { websiteApi, type Website } from './website-api';

/** How long after the last change the draft is sent. */
export const SAVE_DELAY_MS = 1000;

/**
 * Where the edits are: `saved` on the server, `pending` (waiting for a pause in typing), `saving`, or
 * `failed` (kept on this page, sent again at the next change or on retry).
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed';

export type DraftPhase = 'loading' | 'failed' | 'ready';

export interface WebsiteDraft {
  phase: DraftPhase;
  /** The server's view of the site (publication, logo, rights); its `content` may lag behind. */
  website: Website | null;
  /** What the user sees and edits: always the latest. */
  content: WebsiteContent | null;
  status: SaveStatus;
  reload: () => void;
  /** Applies an edit to the latest content (several forms edit it, each its own part). */
  change: (edit: (content: WebsiteContent) => WebsiteContent) => void;
  /** The latest content, for a form that starts (it keeps its own values afterwards). */
  current: () => WebsiteContent | null;
  /** Sends what is not saved yet, now; true once the server has it all. */
  flush: () => Promise<boolean>;
  /** A newer view of the site from another call (logo, publish): the content on screen stays. */
  receive: (website: Website) => void;
}

/** The builder's draft: loaded once, saved a second after each pause in typing, never lost on a failure. */
export function useWebsiteDraft(api = websiteApi): WebsiteDraft {
  const [phase, setPhase] = useState<DraftPhase>('loading');
  const [website, setWebsite] = useState<Website | null>(null);
  const [content, setContent] = useState<WebsiteContent | null>(null);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const latest = useRef<WebsiteContent | null>(null);
  /** The content the server holds, as JSON. */
  const onServer = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.load(controller.signal).then(
      (loaded) => {
        latest.current = loaded.content;
        onServer.current = JSON.stringify(loaded.content);
        setWebsite(loaded);
        setContent(loaded.content);
        setStatus('saved');
        setPhase('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the website failed', error);
        setPhase('failed');
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  const save = useCallback(
    async (keepalive = false): Promise<boolean> => {
      clearTimeout(timer.current);
      // One save at a time: the next one sends whatever is newest once the current one is answered.
      while (inFlight.current) await inFlight.current;
      const current = latest.current;
      if (!current) return true;
      const sent = JSON.stringify(current);
      if (sent === onServer.current) {
        setStatus('saved');
        return true;
      }
      setStatus('saving');
      const request = api.saveDraft(current, keepalive).then(
        (answer) => {
          onServer.current = sent;
          setWebsite(answer);
          const upToDate = JSON.stringify(latest.current) === sent;
          setStatus(upToDate ? 'saved' : 'pending');
          if (!upToDate) timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
          return true;
        },
        (error: unknown) => {
          console.error('Saving the website failed', error);
          setStatus('failed');
          return false;
        },
      );
      inFlight.current = request;
      try {
        return await request;
      } finally {
        inFlight.current = null;
      }
    },
    [api],
  );

  const change = useCallback(
    (edit: (content: WebsiteContent) => WebsiteContent) => {
      if (!latest.current) return;
      const next = edit(latest.current);
      latest.current = next;
      setContent(next);
      setStatus('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [save],
  );

  // Leaving the page: what waits for the pause is sent at once (a keepalive request outlives the page).
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (latest.current && JSON.stringify(latest.current) !== onServer.current) void save(true);
    },
    [save],
  );

  // Closing the tab with edits the server does not have: the browser asks first.
  useEffect(() => {
    if (status === 'saved') return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  const reload = useCallback(() => {
    setPhase('loading');
    setAttempt((count) => count + 1);
  }, []);

  const current = useCallback(() => latest.current, []);

  return { phase, website, content, status, reload, change, current, flush: save, receive: setWebsite };
}
