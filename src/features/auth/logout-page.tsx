import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api/client';
import { endSession } from '@/lib/session/session';

/**
 * /logout: revokes the session on the server, forgets the token, then goes to /login; when the
 * server cannot be told, the error is only logged and the visitor lands on / (spec section 2).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiClient
      .POST('/api/auth/logout')
      .then(() => {
        endSession();
        void navigate(paths.login, { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Logout failed', error);
        endSession();
        void navigate(paths.landing, { replace: true });
      });
  }, [navigate]);

  return <PageLoader />;
}
