/**
 * An account form sent back by the server (plugins/account-forms.ts) is its prerendered page, the
 * product's own markup, with what the visitor typed put back (never a password), each refused field
 * marked and worded under it, and the failure above the form. The markup is React's: attribute values
 * escaped, elements closed, so that finding a control by its name or id is safe. The styles are
 * Mantine's variables, which the page's inline CSS defines, so that the words look like the app's.
 */
import { paths } from '../../src/config/paths';
import type { FormFeedback } from '../../src/shared/form-feedback';
import { escapeHtml } from './html';
import { translator, type ServerLanguage } from './i18n';

/** What the page says of a form it sends back: the app's feedback, and each refused field's words. */
export interface FormPageState {
  feedback: FormFeedback;
  /** Per field (without the form's prefix), its problem in the page's language. */
  errors?: Record<string, string>;
  /** The alert above the form (or in its place once sent), in the page's language. */
  alert?: { tone: 'error' | 'success'; title?: string; message: string };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every opening tag of `tag` with `attribute="value"` (values as React escapes them). */
const tagsWith = (tag: string, attribute: string, value: string) =>
  new RegExp(`<${tag}\\b[^>]*\\s${attribute}="${escapeRegExp(escapeHtml(value))}"[^>]*>`, 'g');

function setAttribute(tag: string, name: string, value: string): string {
  const attribute = new RegExp(`\\s${name}="[^"]*"`);
  const written = ` ${name}="${escapeHtml(value)}"`;
  if (attribute.test(tag)) return tag.replace(attribute, () => written);
  return tag.replace(/\s*(\/?)>$/, (_end, slash: string) => `${written}${slash}>`);
}

const removeAttribute = (tag: string, name: string) => tag.replace(new RegExp(`\\s${name}="[^"]*"`), '');

/** The index just past the </div> that closes the <div> opening at `start`. */
function endOfDiv(html: string, start: number): number {
  const tags = /<div\b[^>]*>|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return match.index;
  }
  return -1;
}

/** The form's inputs and selects named `name` show `value` (a password is never written back). */
function withValue(html: string, name: string, value: string | boolean): string {
  let page = html.replace(tagsWith('input', 'name', name), (tag) => {
    if (/\stype="password"/.test(tag)) return tag;
    if (/\stype="(?:checkbox|radio)"/.test(tag)) {
      const unchecked = removeAttribute(tag, 'checked');
      return value === true ? setAttribute(unchecked, 'checked', '') : unchecked;
    }
    return typeof value === 'string' ? setAttribute(tag, 'value', value) : tag;
  });
  const select = new RegExp(
    `(<select\\b[^>]*\\sname="${escapeRegExp(escapeHtml(name))}"[^>]*>)([\\s\\S]*?)</select>`,
  );
  page = page.replace(select, (_whole, open: string, options: string) => {
    const chosen = options
      .replace(/\sselected=""/g, '')
      .replace(
        new RegExp(`<option\\b[^>]*\\svalue="${escapeRegExp(escapeHtml(String(value)))}"`),
        (tag) => `${tag} selected=""`,
      );
    return `${open}${chosen}</select>`;
  });
  return page;
}

const ERROR_STYLE =
  'color:var(--mantine-color-error);font-size:calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)));line-height:1.2;word-break:break-word';

/**
 * The control with this id marked invalid and described by its error (RJSF's `<id>__error`, the id
 * the app gives it), and the error written at the end of the field's frame (`data-field`).
 */
function withFieldError(html: string, id: string, message: string): string {
  const errorId = `${id}__error`;
  const page = html.replace(tagsWith('(?:input|select|textarea|button)', 'id', id), (tag) => {
    const describedBy = /\saria-describedby="([^"]*)"/.exec(tag)?.[1];
    const ids = describedBy?.split(' ').includes(errorId) ? describedBy : `${errorId} ${describedBy ?? ''}`;
    return setAttribute(
      setAttribute(setAttribute(tag, 'aria-invalid', 'true'), 'aria-describedby', ids.trim()),
      'data-error',
      'true',
    );
  });
  const frame = new RegExp(`<div\\b[^>]*\\sdata-field="${escapeRegExp(escapeHtml(id))}"[^>]*>`).exec(page);
  if (!frame) return page;
  const end = endOfDiv(page, frame.index);
  if (end === -1) return page;
  // Mantine draws a field in error by its wrapper's data-error (a red border): the field's first one.
  const inside = page
    .slice(frame.index, end)
    .replace(/<div\b[^>]*\bmantine-Input-wrapper\b[^>]*>/, (tag) => setAttribute(tag, 'data-error', 'true'));
  const error = `<div id="${escapeHtml(errorId)}" style="${ERROR_STYLE}">${escapeHtml(message)}</div>`;
  return `${page.slice(0, frame.index)}${inside}${error}${page.slice(end)}`;
}

const ICONS = {
  error:
    '<path d="M12 9v4"/><path d="M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0"/><path d="M12 16h.01"/>',
  success: '<path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0"/><path d="M9 12l2 2l4 -4"/>',
};

/** The app's FailureAlert and SuccessAlert (Mantine's light Alert), drawn with the theme's variables. */
export function alertHtml(alert: NonNullable<FormPageState['alert']>): string {
  const color = alert.tone === 'error' ? 'red' : 'brand';
  const title = alert.title
    ? `<strong style="display:block;margin-bottom:var(--mantine-spacing-xs);color:var(--mantine-color-${color}-light-color)">${escapeHtml(alert.title)}</strong>`
    : '';
  return (
    `<div role="${alert.tone === 'error' ? 'alert' : 'status'}" style="display:flex;gap:var(--mantine-spacing-md);align-items:flex-start;padding:var(--mantine-spacing-md);margin-bottom:var(--mantine-spacing-md);border-radius:var(--mantine-radius-default);background:var(--mantine-color-${color}-light);font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height)">` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="var(--mantine-color-${color}-light-color)" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" style="flex:none">${ICONS[alert.tone]}</svg>` +
    `<div>${title}${escapeHtml(alert.message)}</div></div>`
  );
}

/** The form of the prerendered page that posts to `action` now posts to `to` (the page's `redirect` kept). */
export function withFormAction(html: string, action: string, to: string): string {
  if (to === action) return html;
  return html.replace(tagsWith('form', 'action', action), (tag) => setAttribute(tag, 'action', to));
}

/** The prerendered page of `state.feedback.form` with what the server says of it. */
export function withFormFeedback(html: string, state: FormPageState): string {
  const { form, values, sent } = state.feedback;
  const alert = state.alert ? alertHtml(state.alert) : '';
  // The form whose fields carry its name (RJSF names them "<form>_<field>").
  const formTag = new RegExp(`<form\\b[^>]*>(?=[\\s\\S]*?\\sname="${escapeRegExp(form)}_)`);
  if (sent && alert) {
    // As the app does once a reset link is asked for: the confirmation in the form's place.
    return html.replace(new RegExp(`${formTag.source}[\\s\\S]*?</form>`), () => alert);
  }
  let page = html;
  for (const [field, value] of Object.entries(values)) page = withValue(page, `${form}_${field}`, value);
  for (const [field, message] of Object.entries(state.errors ?? {}))
    page = withFieldError(page, `${form}_${field}`, message);
  return alert ? page.replace(formTag, (tag) => `${tag}${alert}`) : page;
}

/** The query of /forgot-password once a reset link was asked for without JavaScript (see account-forms.ts). */
export const SENT_PARAM = 'sent';

/** /forgot-password?sent=1: the confirmation the app shows, in the form's place; null on other pages. */
export function sentFormState(pathname: string, query: URLSearchParams, language: ServerLanguage) {
  if (pathname.replace(/(.)\/+$/, '$1') !== paths.forgotPassword || query.get(SENT_PARAM) !== '1')
    return null;
  const state: FormPageState = {
    feedback: { form: 'forgot-password', values: {}, sent: true },
    alert: { tone: 'success', message: translator(language)('auth:forgotPassword.confirmation') },
  };
  return state;
}
