import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { noteEarlyInput } from '@/app/hydration';
import { preloadRoute } from '@/app/route-table';
import type { PrerenderData } from '@/app/prerender-data';
import { PRERENDER_DATA_ELEMENT_ID, SESSION_SHELL_PATHS } from '@/config/prerendered-pages';
import { seedContentPageText } from '@/features/info/page-texts';
import { seedCatalogSnapshot } from '@/lib/catalog/catalog';
import { i18n, initI18n, storedLanguageChoice } from '@/lib/i18n/i18n';
import { getValidToken, hideSessionWhileHydrating } from '@/lib/session/session';
import { isLanguage } from '@/lib/i18n/languages';
import { FORM_FEEDBACK_ELEMENT_ID } from '@/shared/form-feedback';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** The data a prerendered page carries, or null when the server sent an empty page for the app to render. */
function prerenderData(): PrerenderData | null {
  const element = document.getElementById(PRERENDER_DATA_ELEMENT_ID);
  if (!element?.textContent || !container?.firstElementChild) return null;
  try {
    return JSON.parse(element.textContent) as PrerenderData;
  } catch {
    return null;
  }
}

const prerendered = prerenderData();
// An account form the browser posted itself, sent back with what the server said of it (the values
// kept, the errors): its page starts from that (features/auth/form-feedback.ts).
const sentBack = document.getElementById(FORM_FEEDBACK_ELEMENT_ID) !== null;
if (prerendered) {
  // A founder page's shell: its session is asked for now, beside its code, rather than once hydrated.
  if (SESSION_SHELL_PATHS.includes(window.location.pathname.replace(/(.)\/+$/, '$1'))) void getValidToken();
  // The server chose the page's language by the shared rule and said which in <html lang>: hydrate in it.
  const pageLanguage = document.documentElement.lang;
  seedCatalogSnapshot(prerendered.catalog);
  seedContentPageText(prerendered.pageText);
  // The server rendered the page as a guest sees it: hydrate it so, then show the session (router.tsx).
  if (!sentBack) hideSessionWhileHydrating();
  // Read before i18next starts: starting records the page's language as the choice.
  const chosen = storedLanguageChoice();
  // The page's code and words first: hydration then finds everything the server rendered, suspends
  // nowhere, and early state changes (the session check) cannot make React throw the markup away.
  void Promise.all([
    initI18n(isLanguage(pageLanguage) ? pageLanguage : undefined).then(() =>
      i18n.loadNamespaces(prerendered.namespaces),
    ),
    preloadRoute(window.location.pathname),
  ]).then(() => {
    // What the visitor typed into the server's form so far: hydration puts the state's empty values
    // back on screen, and the app replays these once live (app/hydration.ts).
    noteEarlyInput(container);
    if (sentBack) {
      // The server wrote its feedback into the markup (services/form-pages.ts), which the app would not
      // render as such: it renders the page anew, from the same feedback, rather than hydrate it.
      const root = createRoot(container);
      startTransition(() => {
        root.render(app);
      });
    } else {
      // As a transition, React hydrates in slices of a few milliseconds and lets the browser handle
      // input between them, instead of one long task that freezes a slow phone (as Next.js does).
      startTransition(() => {
        hydrateRoot(container, app);
      });
    }
    // A choice this browser kept only in its storage (before the cookie existed) takes over once the page is live.
    if (chosen && chosen !== i18n.language) void i18n.changeLanguage(chosen);
  });
} else {
  void initI18n();
  // The page's code starts downloading now, beside the session check, rather than once it passes.
  void preloadRoute(window.location.pathname);
  // Sliced too: the first render of a page the app builds alone (a founder's) yields to input.
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
