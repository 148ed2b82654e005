/**
 * The <head> of the app's HTML for one route: title, description, Open Graph and canonical URL, in
 * the visitor's language. Link previews (chat apps, social networks) read this HTML without running
 * the app's JavaScript, so the server writes the same words the app shows (src/config/page-meta.ts).
 */
import { OG_LOCALES, pageMetaFor } from '../../src/config/page-meta';
import { escapeHtml } from './html';
import { SERVER_LANGUAGES, translator, type ServerLanguage } from './i18n';

/** The picture link previews show (public/og-image.jpg, 1200×630). */
export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;

export interface PageHead {
  language: ServerLanguage;
  title: string;
  description: string;
  /** The tags that go before </head>. */
  tags: string;
}

export function pageHead(pathname: string, language: ServerLanguage, publicUrl: string): PageHead {
  const t = translator(language);
  const { namespace, page, personal } = pageMetaFor(pathname);
  const pageTitle = t(`${namespace}:meta.${page}.title`);
  const site = t('common:meta.siteName');
  const title = t('common:meta.titleTemplate', { page: pageTitle, site });
  const description = t(`${namespace}:meta.${page}.description`);
  const url = `${publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;
  const tags = [
    meta('name', 'description', description),
    personal ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...SERVER_LANGUAGES.filter((other) => other !== language).map((other) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[other]),
    ),
    meta('property', 'og:image', `${publicUrl}${OG_IMAGE.path}`),
    meta('property', 'og:image:width', OG_IMAGE.width),
    meta('property', 'og:image:height', OG_IMAGE.height),
    meta('property', 'og:image:alt', t('common:meta.imageAlt')),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('\n    ');
  return { language, title, description, tags };
}

/** index.html with the route's head: its <html lang>, its <title>, its tags. */
export function renderIndexHtml(indexHtml: string, head: PageHead): string {
  return indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${head.language}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>\n    ${head.tags}`);
}
