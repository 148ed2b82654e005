import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { OG_LOCALES, pageMetaFor } from '@/config/page-meta';
import { isLanguage } from '@/lib/i18n/languages';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Keeps the document's title, description and Open Graph tags in step with the route and the
 * language. The server sends the same tags for the first page (server/plugins/spa.ts).
 */
export function RouteMeta() {
  const { pathname } = useLocation();
  const { namespace, page } = pageMetaFor(pathname);
  // No suspense: the page loads this namespace anyway; until then the previous title stays.
  const { t, i18n, ready } = useTranslation([namespace, 'common'], { useSuspense: false });

  useEffect(() => {
    if (!ready) return;
    // The key is built from the route table, whose namespaces each carry `meta.<page>`.
    const read = (field: 'title' | 'description') => t(`${namespace}:meta.${page}.${field}` as never);
    const title = t('common:meta.titleTemplate', { page: read('title'), site: t('common:meta.siteName') });
    const description = read('description');
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', window.location.origin + pathname);
    if (isLanguage(i18n.language)) setMeta('property', 'og:locale', OG_LOCALES[i18n.language]);
  }, [ready, t, i18n.language, namespace, page, pathname]);

  return null;
}
