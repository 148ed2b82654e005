import { useEffect } from 'react';
import { getValidToken } from '@/lib/session/session';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The whole app; `location` is given when the build prerenders a page, the browser's address otherwise. */
export function App({ location }: { location?: string | undefined }) {
  // A visitor returning in a new tab has no token yet but may hold the refresh cookie.
  useEffect(() => {
    void getValidToken();
  }, []);

  return (
    <AppProviders>
      <AppRouter location={location} />
    </AppProviders>
  );
}
