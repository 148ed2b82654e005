import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What a page can tell the next one it goes to (words: common.json `notices`). */
export type RouteNoticeKey = 'accountDeleted';

/** The navigation state that carries a notice: `navigate(paths.landing, { state: { notice } })`. */
export interface RouteNoticeState {
  notice: RouteNoticeKey;
}

const NOTICES: readonly string[] = ['accountDeleted'] satisfies RouteNoticeKey[];

// The alert (Mantine's, with its styles) loads only when there is something to say: the pages that
// show notices keep their first screen as light as it was.
const NoticeAlert = lazy(() => import('./route-notice-alert').then((m) => ({ default: m.RouteNoticeAlert })));

function noticeOf(state: unknown): RouteNoticeKey | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' && NOTICES.includes(notice) ? (notice as RouteNoticeKey) : null;
}

/**
 * The notice the previous page left in the navigation state, shown until the reader dismisses it. The
 * history entry forgets it at once, so that reloading the page or coming back to it does not say it
 * again (and a prerendered page, which the server renders without one, never hydrates with one).
 */
export function RouteNotice() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const given = noticeOf(state);
  // Kept once the history entry has forgotten it: a new notice given later replaces it.
  const [notice, setNotice] = useState(given);
  const [lastGiven, setLastGiven] = useState(given);
  if (given !== lastGiven) {
    setLastGiven(given);
    if (given) setNotice(given);
  }

  useEffect(() => {
    if (given) void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [given, pathname, search, hash, navigate]);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
