/**
 * What a browser without JavaScript (or a crawler) reads on the pages that must work without it: the
 * content pages (terms, privacy, legal notice…, from the same Markdown the app renders) and the
 * contact form, which posts to POST /contact. The app's HTML carries it in a <noscript> block.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONTENT_PAGES, contentPageFor } from '../../src/config/content-pages';
import { paths } from '../../src/config/paths';
import { CONTACT_REFERENCE } from '../../src/shared/contact';
import { parseMarkdown, type Block, type Inline, type MarkdownPage } from '../../src/shared/markdown';
import type { SiteInfo } from '../../src/shared/site-info';
import {
  CONTACT_FIELDS,
  contactForm,
  HONEYPOT_FIELD,
  type ContactErrors,
  type ContactInput,
} from './contact';
import { escapeHtml } from './html';
import { SERVER_LANGUAGES, translator, type ServerLanguage } from './i18n';

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));

/** Every content page in every language, read once at start-up like the other content. */
function loadPages(): Map<string, MarkdownPage> {
  const pages = new Map<string, MarkdownPage>();
  for (const { slug } of Object.values(CONTENT_PAGES))
    for (const language of SERVER_LANGUAGES) {
      try {
        pages.set(
          `${language}/${slug}`,
          parseMarkdown(readFileSync(`${localesDir}${language}/pages/${slug}.md`, 'utf8')),
        );
      } catch {
        // A missing translation falls back to French below; check:locales reports it.
      }
    }
  return pages;
}

function inlineHtml(nodes: Inline[], site: SiteInfo): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return escapeHtml(node.text);
      if (node.kind === 'variable')
        return escapeHtml(site.values[node.name as keyof SiteInfo['values']] ?? '');
      if (node.kind === 'strong') return `<strong>${inlineHtml(node.children, site)}</strong>`;
      return `<a href="${escapeHtml(node.href)}">${inlineHtml(node.children, site)}</a>`;
    })
    .join('');
}

function blocksHtml(blocks: Block[], site: SiteInfo): string {
  return blocks
    .map((block) => {
      if (block.kind === 'heading')
        return `<h${block.level} id="${escapeHtml(block.id)}">${inlineHtml(block.children, site)}</h${block.level}>`;
      if (block.kind === 'paragraph') return `<p>${inlineHtml(block.children, site)}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${inlineHtml(item, site)}</li>`).join('')}</${tag}>`;
    })
    .join('\n');
}

export interface ContactFormState {
  values?: Partial<ContactInput>;
  errors?: ContactErrors;
  /** A message above the form (spam refused, too many messages). */
  failure?: string;
}

const FIELD_STYLE = 'display:block;width:100%;max-width:36rem;box-sizing:border-box;padding:8px;font:inherit';

function contactFormHtml(language: ServerLanguage, state: ContactFormState, sentReference: string | null) {
  const t = translator(language);
  const intro = `<h1>${escapeHtml(t('info:contact.title'))}</h1><p>${escapeHtml(t('info:contact.lead'))}</p>`;
  if (sentReference) {
    return `${intro}<p role="status"><strong>${escapeHtml(t('info:contact.sentTitle'))}</strong> ${escapeHtml(
      t('info:contact.sent', { reference: sentReference }),
    )}</p><p><a href="${paths.contact}">${escapeHtml(t('info:contact.another'))}</a></p>`;
  }
  const fields = CONTACT_FIELDS.map((field) => {
    const ui = contactForm.uiSchema[field];
    const schema = contactForm.schema.properties[field];
    const id = `noscript-contact-${field}`;
    const value = state.values?.[field] ?? '';
    const error = state.errors?.[field];
    const common = `id="${id}" name="${field}" required${schema.maxLength ? ` maxlength="${schema.maxLength}"` : ''}${
      ui['ui:autocomplete'] ? ` autocomplete="${ui['ui:autocomplete']}"` : ''
    }${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''} style="${FIELD_STYLE}"`;
    const control =
      ui['ui:widget'] === 'textarea'
        ? `<textarea ${common} rows="8">${escapeHtml(value)}</textarea>`
        : `<input type="${ui['ui:options']?.inputType ?? 'text'}" ${common} value="${escapeHtml(value)}">`;
    const help = ui['ui:help'] ? `<small>${escapeHtml(t(ui['ui:help']))}</small>` : '';
    const problem = error
      ? `<strong id="${id}-error" style="color:#c92a2a">${escapeHtml(error)}</strong>`
      : '';
    return `<p><label for="${id}"><strong>${escapeHtml(t(ui['ui:title'] ?? field))}</strong></label>${control}${help}${problem}</p>`;
  }).join('\n');
  const failure = state.failure
    ? `<p role="alert" style="color:#c92a2a"><strong>${escapeHtml(state.failure)}</strong></p>`
    : '';
  // The trap is hidden by its style: a browser without JavaScript still applies CSS.
  const trap = `<p style="position:absolute;left:-10000px" aria-hidden="true"><label for="noscript-contact-${HONEYPOT_FIELD}">${escapeHtml(
    t('info:contact.fields.website'),
  )}</label><input id="noscript-contact-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></p>`;
  return `${intro}${failure}<form method="post" action="${paths.contact}">
<input type="hidden" name="language" value="${language}">
${fields}
${trap}
<p><button type="submit" style="padding:10px 18px;font:inherit">${escapeHtml(t('info:contact.submit'))}</button></p>
</form>`;
}

const FRAME_STYLE =
  'max-width:60rem;margin:0 auto;padding:24px 16px;font-family:system-ui,sans-serif;line-height:1.6';

export function createStaticPages(site: SiteInfo) {
  const pages = loadPages();

  return {
    /** The page's words for a browser without JavaScript, or null for pages that need the app. */
    noscriptHtml(
      pathname: string,
      language: ServerLanguage,
      query: URLSearchParams,
      contact: ContactFormState = {},
    ) {
      const t = translator(language);
      const path = pathname.replace(/\/+$/, '') || '/';
      let body: string | null = null;
      if (path === paths.contact) {
        const sent = query.get('sent');
        body = contactFormHtml(language, contact, sent && CONTACT_REFERENCE.test(sent) ? sent : null);
      } else {
        const content = contentPageFor(path);
        const page = content
          ? (pages.get(`${language}/${content.slug}`) ?? pages.get(`fr/${content.slug}`))
          : null;
        if (content && page)
          body = `<h1>${escapeHtml(t(`info:meta.${content.metaKey}.title`))}</h1>\n${blocksHtml(page.blocks, site)}`;
      }
      if (body === null) return null;
      const footer = Object.keys(CONTENT_PAGES)
        .concat(paths.contact)
        .map((href) => {
          const key = contentPageFor(href)?.metaKey ?? 'contact';
          return `<a href="${href}">${escapeHtml(t(`info:meta.${key}.title`))}</a>`;
        })
        .join(' · ');
      return `<div style="${FRAME_STYLE}"><p><a href="/"><strong>${escapeHtml(t('common:brand.name'))}</strong></a></p>\n${body}\n<hr><p>${footer}</p></div>`;
    },
  };
}

export type StaticPages = ReturnType<typeof createStaticPages>;
