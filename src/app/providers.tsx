// In the "mantine" cascade layer: the theme's variables and our own styles win wherever they load.
// Mantine's global rules here; each component's own rules come with the code that uses it
// (mantineComponentStylesPlugin in vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { MantineProvider } from '@mantine/core';
import { Provider as JotaiProvider } from 'jotai';
import { Suspense, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { i18n, syncLanguageAcrossTabs } from '@/lib/i18n/i18n';
import { sessionStore } from '@/lib/session/session';
import './compact-sizes.css';
import { baseTheme, cssVariablesResolver } from './theme';

/** Everything a page needs around it: theme, session store, translations. */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => syncLanguageAcrossTabs(), []);
  return (
    <MantineProvider theme={baseTheme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <JotaiProvider store={sessionStore}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </I18nextProvider>
      </JotaiProvider>
    </MantineProvider>
  );
}
