import { useAtomValue } from 'jotai';
import { startTransition, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { loginHref, paths, postLoginTarget } from '@/config/paths';
import { isTokenExpired } from '@/lib/session/access-token';
import { accessTokenAtom, getValidToken } from '@/lib/session/session';

type SessionCheck = 'checking' | 'present' | 'absent';

/**
 * Whether a session exists, renewing it through the refresh cookie when the stored token is
 * missing or expired. A fresh token answers at once, so a logged-in user sees no loader. The check
 * runs again only when the token stops being fresh (e.g. logout), not when the refresh itself
 * clears an expired token, so one visit makes one refresh request.
 */
function useSessionCheck(): SessionCheck {
  const token = useAtomValue(accessTokenAtom);
  const fresh = token !== null && !isTokenExpired(token);
  const [checked, setChecked] = useState<boolean | null>(null);
  const [checkedWhileFresh, setCheckedWhileFresh] = useState(fresh);
  if (checkedWhileFresh !== fresh) {
    setCheckedWhileFresh(fresh);
    setChecked(null);
  }

  useEffect(() => {
    if (fresh) return undefined;
    let mounted = true;
    void getValidToken().then((valid) => {
      // A transition: on a prerendered page the answer may come while React is still hydrating the
      // page below; an urgent update would make it throw that markup away and render it again.
      if (mounted) startTransition(() => setChecked(valid !== null));
    });
    return () => {
      mounted = false;
    };
  }, [fresh]);

  if (fresh) return 'present';
  if (checked === null) return 'checking';
  return checked ? 'present' : 'absent';
}

/**
 * Protected pages: an anonymous visitor goes to /login, which brings them back here afterwards. While
 * the session is checked, `shell` shows the page's heading (the server sends it painted: session-shells.tsx).
 */
export function RequireSession({ shell: Shell }: { shell?: ComponentType<{ pathname: string }> }) {
  const location = useLocation();
  const session = useSessionCheck();
  if (session === 'absent')
    return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  // At least a screen high: a founder page's data arrives after it shows, and the footer must not come up
  // into view and go down again meanwhile (a layout shift).
  return (
    <div style={{ minHeight: '100dvh' }}>
      {session === 'present' ? <Outlet /> : Shell ? <Shell pathname={location.pathname} /> : <PageLoader />}
    </div>
  );
}

/**
 * /login and /signup: someone who already has a session goes on to the page they had asked for
 * (the `redirect` parameter), else from /signup to the wizard (a new account's next step), and from
 * /login to the dashboard.
 */
export function RequireGuest() {
  const { pathname, search } = useLocation();
  const session = useSessionCheck();
  // One element for the life of the gate: when the check ends (no session), React sees the same child
  // and leaves the page below alone, even while it is still hydrating the prerendered markup.
  const page = useMemo(() => <Outlet />, []);
  // While the refresh cookie is asked about, the form shows: most visitors here have no session, and the
  // server prerenders this page as a guest sees it (a loader would replace the form it sent).
  if (session === 'present')
    return (
      <Navigate
        to={postLoginTarget(search, pathname === paths.signup ? paths.wizard : paths.dashboard)}
        replace
      />
    );
  return page;
}
