/**
 * /unsubscribe?token=…, the link of the draft reminder: GET shows a confirmation (a mail scanner
 * that opens links changes nothing), POST stops reminders: the page's button, or a mail client's
 * own unsubscribe button (RFC 8058 one-click, which posts `List-Unsubscribe=One-Click`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Journey } from '../services/company-journey/journey';
import { escapeHtml } from '../services/html';
import { pageLanguage, translator } from '../services/i18n';
import { page } from '../services/payments/checkout-page';

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(body);

export async function unsubscribePlugin(
  app: FastifyInstance,
  options: { journey: Journey; publicUrl: string },
) {
  const { journey, publicUrl } = options;

  const render = (language: string, state: 'confirm' | 'done' | 'invalid' | 'expired', token = '') => {
    const t = translator(language);
    const title = t('emails:unsubscribe.title');
    const back = `<p><a href="${escapeHtml(publicUrl)}/">${escapeHtml(t('emails:unsubscribe.back'))}</a></p>`;
    const body =
      state === 'confirm'
        ? `<div class="card"><p>${escapeHtml(t('emails:unsubscribe.text'))}</p>
<form method="post" action="/unsubscribe?${new URLSearchParams({ token }).toString()}"><button class="pay" type="submit">${escapeHtml(t('emails:unsubscribe.confirm'))}</button></form></div>`
        : `<div class="card" role="${state === 'done' ? 'status' : 'alert'}"><p>${escapeHtml(t(`emails:unsubscribe.${state}`))}</p>${back}</div>`;
    return page(language, title, `<h1>${escapeHtml(title)}</h1>${body}`);
  };

  // The token is a signed JWT: longer than a path parameter may be, so it is in the query.
  const tokenOf = (query: unknown) => {
    const token = (query as { token?: unknown } | undefined)?.token;
    return typeof token === 'string' && token.length <= 1000 ? token : '';
  };

  app.get('/unsubscribe', async (request, reply) => {
    const token = tokenOf(request.query);
    const target = token ? await journey.unsubscribeTarget(token) : null;
    if (!target) return html(reply, 404, render(pageLanguage(request.headers), 'invalid'));
    if (target.expired) return html(reply, 410, render(target.language, 'expired'));
    return html(reply, 200, render(target.language, 'confirm', token));
  });

  app.post('/unsubscribe', { bodyLimit: 1024 }, async (request, reply) => {
    const token = tokenOf(request.query);
    const target = token ? await journey.unsubscribeTarget(token) : null;
    if (!target) return html(reply, 404, render(pageLanguage(request.headers), 'invalid'));
    if (target.expired) return html(reply, 410, render(target.language, 'expired'));
    await journey.stopReminders(target.userId);
    return html(reply, 200, render(target.language, 'done'));
  });
}
