import { useEffect } from 'react';
import { getValidToken } from '@/lib/session/session';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App() {
  // A visitor returning in a new tab has no token yet but may hold the refresh cookie.
  useEffect(() => {
    void getValidToken();
  }, []);

  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
