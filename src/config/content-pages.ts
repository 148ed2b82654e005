import { paths } from './paths';

/**
 * The pages whose words are a Markdown file per language, locales/<lang>/pages/<slug>.md (legal texts,
 * about): the browser renders them with src/features/info/, the server writes the same text into the
 * HTML for browsers without JavaScript. Their titles are `info:meta.<metaKey>`.
 */
export const CONTENT_PAGES = {
  [paths.terms]: { slug: 'terms', metaKey: 'terms' },
  [paths.salesTerms]: { slug: 'sales-terms', metaKey: 'salesTerms' },
  [paths.privacy]: { slug: 'privacy', metaKey: 'privacy' },
  [paths.cookies]: { slug: 'cookies', metaKey: 'cookies' },
  [paths.legalNotice]: { slug: 'legal-notice', metaKey: 'legalNotice' },
  [paths.about]: { slug: 'about', metaKey: 'about' },
} as const;

export type ContentPagePath = keyof typeof CONTENT_PAGES;
export type ContentPage = (typeof CONTENT_PAGES)[ContentPagePath];
export const CONTENT_PAGE_SLUGS = Object.values(CONTENT_PAGES).map((page) => page.slug);

export function contentPageFor(pathname: string): ContentPage | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (CONTENT_PAGES as Record<string, ContentPage>)[path] ?? null;
}
