import { useTranslation } from 'react-i18next';
import { provideNamespace } from '@/lib/i18n/i18n';

// The registration steps' words come with this page's chunk, not in the app's start-up map.
provideNamespace(
  'registration',
  import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/registration.json'),
);

// The content files name their words by full key (registration:…, jurisdictions:…, documents:…), which
// check:forms holds to the locale files: they are looked up as plain strings.
const CONTENT_NAMESPACES = ['registration', 'jurisdictions', 'documents'];

/** A translator for the keys written in the content files (the registration steps, the fees, the documents). */
export function useContentTranslation() {
  const { t, i18n } = useTranslation(CONTENT_NAMESPACES as never);
  const tContent = (key: string, options?: Record<string, unknown>): string =>
    t(key as never, options as never) as unknown as string;
  return { tContent, language: i18n.language };
}
