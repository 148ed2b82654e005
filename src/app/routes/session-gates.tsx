import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { loginHref, postLoginTarget } from '@/config/paths';
import { isTokenExpired } from '@/lib/session/access-token';
import { accessTokenAtom, getValidToken } from '@/lib/session/session';

type SessionCheck = 'checking' | 'present' | 'absent';

/**
 * Whether a session exists, renewing it through the refresh cookie when the stored token is
 * missing or expired. A fresh token answers at once, so a logged-in user sees no loader.
 */
function useSessionCheck(): SessionCheck {
  const token = useAtomValue(accessTokenAtom);
  const fresh = token !== null && !isTokenExpired(token);
  const [checked, setChecked] = useState<{ token: string | null; present: boolean } | null>(null);

  useEffect(() => {
    if (fresh) return undefined;
    let current = true;
    void getValidToken().then((valid) => {
      if (current) setChecked({ token, present: valid !== null });
    });
    return () => {
      current = false;
    };
  }, [fresh, token]);

  if (fresh) return 'present';
  if (!checked || checked.token !== token) return 'checking';
  return checked.present ? 'present' : 'absent';
}

/** Protected pages: an anonymous visitor goes to /login, which brings them back here afterwards. */
export function RequireSession() {
  const location = useLocation();
  const session = useSessionCheck();
  if (session === 'checking') return <PageLoader />;
  if (session === 'absent')
    return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/**
 * /login and /signup: someone who already has a session goes on to the page they had asked for
 * (the `redirect` parameter), or to /home.
 */
export function RequireGuest() {
  const { search } = useLocation();
  const session = useSessionCheck();
  if (session === 'checking') return <PageLoader />;
  if (session === 'present') return <Navigate to={postLoginTarget(search)} replace />;
  return <Outlet />;
}
