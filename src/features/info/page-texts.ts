/**
 * Content page texts known before the page asks for them: the prerendered page carries its Markdown, so
 * the app hydrates the text the server sent instead of a loader (src/main.tsx, src/entry-server.tsx).
 */
const seeded = new Map<string, string>();

export interface ContentPageText {
  language: string;
  slug: string;
  text: string;
}

export function seedContentPageText(page: ContentPageText | undefined): void {
  if (page) seeded.set(`${page.language}/${page.slug}`, page.text);
}

export function seededContentPageText(language: string, slug: string): string | undefined {
  return seeded.get(`${language}/${slug}`);
}
