import type { ContentPageText } from '@/features/info/page-texts';
import type { CatalogSnapshot } from '@/lib/catalog/catalog';

/** What a prerendered page needs besides its code: the app starts from it when it hydrates the page. */
export interface PrerenderData {
  catalog: CatalogSnapshot;
  /** On a content page (/about): its Markdown in the page's language. */
  pageText?: ContentPageText | undefined;
  /** The translation namespaces the page uses: loaded before hydrating, so that no word suspends it. */
  namespaces: string[];
}
