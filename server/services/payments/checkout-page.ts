/**
 * The local provider's hosted payment page: plain HTML that works without JavaScript, in the
 * buyer's language, with a test-mode notice saying which cards pay and which are declined.
 */
import { escapeHtml } from '../html';
import { translator } from '../i18n';
import type { CardProblem } from './card';
import { CARD_FORMAT_SCRIPT_PATH } from './card-format-script';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8f9fa;color:#1a1b1e;line-height:1.5}
main{max-width:480px;margin:0 auto;padding:24px 16px}h1{font-size:1.5rem;margin:8px 0 16px}
.brand{font-weight:800;font-size:1.25rem;color:#1f7d40}.card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:20px;margin-bottom:16px}
.line{display:flex;justify-content:space-between;gap:12px}.total{font-weight:700;border-top:1px solid #dee2e6;margin-top:12px;padding-top:12px}
.notice{background:#e9f8ee;border:1px solid #a9ddb9;border-radius:8px;padding:12px;font-size:.9rem;margin-bottom:16px}
.error{background:#fff5f5;border:1px solid #ffa8a8;color:#c92a2a;border-radius:8px;padding:12px;margin-bottom:16px}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #adb5bd;border-radius:8px}
input[aria-invalid=true]{border-color:#c92a2a}.field-error{color:#c92a2a;font-size:.85rem;margin-top:4px}.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;padding:12px;font-size:1rem;font-weight:700;border-radius:8px;cursor:pointer;margin-top:16px}
.pay{background:#1f7d40;color:#fff;border:0}.cancel{background:#fff;color:#1a1b1e;border:1px solid #adb5bd}
a{color:#1f7d40}`;

/**
 * A small page of our own (payment, refund, unsubscribe): plain HTML, in the brand's frame. The payment
 * page alone adds one script of this server's (card-format-script.ts), which it works without.
 */
export function page(language: string, title: string, body: string): string {
  const t = translator(language);
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(t('common:brand.name'))}</title><style>${STYLE}</style></head>
<body><main><div class="brand">${escapeHtml(t('common:brand.name'))}</div>${body}</main></body></html>`;
}

export function formatMoney(amountCents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-IE' : language === 'ro' ? 'ro-RO' : 'fr-FR', {
    style: 'currency',
    currency,
    // "50,00 €" rather than "50,00 EUR" in every language.
    currencyDisplay: 'narrowSymbol',
  }).format(amountCents / 100);
}

export interface CheckoutPageModel {
  language: string;
  sessionId: string;
  description: string;
  amountCents: number;
  currency: string;
  problems?: CardProblem[];
  declined?: boolean;
  values?: { cardholder?: string; expiry?: string };
}

export function renderCheckoutPage(model: CheckoutPageModel): string {
  const t = translator(model.language);
  const amount = formatMoney(model.amountCents, model.currency, model.language);
  const problems = new Set(model.problems ?? []);
  const field = (name: CardProblem, label: string, attributes: string, value = '') => {
    const invalid = problems.has(name);
    return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}" required aria-invalid="${invalid}"${invalid ? ` aria-describedby="${name}-error"` : ''}>
${invalid ? `<div class="field-error" id="${name}-error">${escapeHtml(t(`payment:errors.${name}`))}</div>` : ''}`;
  };
  const errorBox =
    model.declined || problems.size > 0
      ? `<div class="error" role="alert"><strong>${escapeHtml(t('payment:errors.title'))}</strong>${
          model.declined ? `<div>${escapeHtml(t('payment:errors.declined'))}</div>` : ''
        }</div>`
      : '';
  const action = `/checkout/local/${encodeURIComponent(model.sessionId)}`;
  return page(
    model.language,
    t('payment:pageTitle'),
    `<h1>${escapeHtml(t('payment:pageTitle'))}</h1>
<p class="notice">${escapeHtml(t('payment:testMode'))}</p>
<section class="card" aria-labelledby="summary"><h2 id="summary" style="font-size:1rem;margin:0 0 8px">${escapeHtml(t('payment:summary'))}</h2>
<div class="line"><span>${escapeHtml(model.description)}</span><span>${escapeHtml(amount)}</span></div>
<div class="line total"><span>${escapeHtml(t('payment:total'))}</span><span>${escapeHtml(amount)}</span></div></section>
${errorBox}
<form class="card" method="post" action="${action}/pay" novalidate>
${field('cardNumber', t('payment:cardNumber'), 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"')}
<div class="row"><div>${field('expiry', t('payment:expiry'), 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="12/30"', model.values?.expiry)}</div>
<div>${field('cvc', t('payment:cvc'), 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}</div></div>
${field('cardholder', t('payment:cardholder'), 'autocomplete="cc-name" maxlength="100"', model.values?.cardholder)}
<button class="pay" type="submit">${escapeHtml(t('payment:pay', { amount }))}</button>
</form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">${escapeHtml(t('payment:cancel'))}</button></form>
<script src="${CARD_FORMAT_SCRIPT_PATH}" defer></script>`,
  );
}

export function renderMessagePage(language: string, kind: 'ended' | 'notFound', plansUrl: string): string {
  const t = translator(language);
  return page(
    language,
    t(`payment:${kind}.title`),
    `<h1>${escapeHtml(t(`payment:${kind}.title`))}</h1><div class="card"><p>${escapeHtml(t(`payment:${kind}.text`))}</p>
<p><a href="${escapeHtml(plansUrl)}">${escapeHtml(t(`payment:${kind}.back`))}</a></p></div>`,
  );
}

/** The local provider's refund page: what the operator does in Stripe's dashboard, for test payments. */
export function renderRefundPage(
  language: string,
  model: {
    sessionId: string;
    description: string;
    amountCents: number;
    refundedCents: number;
    currency: string;
    done?: boolean;
  },
): string {
  const t = translator(language);
  const left = formatMoney(model.amountCents - model.refundedCents, model.currency, language);
  const action = `/checkout/local/${encodeURIComponent(model.sessionId)}/refund`;
  const body =
    model.done || model.refundedCents >= model.amountCents
      ? `<div class="card" role="status"><p>${escapeHtml(t('payment:refund.done'))}</p></div>`
      : `<p class="notice">${escapeHtml(t('payment:refund.testMode'))}</p>
<section class="card"><div class="line"><span>${escapeHtml(model.description)}</span><span>${escapeHtml(left)}</span></div></section>
<form method="post" action="${action}"><button class="cancel" type="submit">${escapeHtml(t('payment:refund.confirm', { amount: left }))}</button></form>`;
  return page(
    language,
    t('payment:refund.title'),
    `<h1>${escapeHtml(t('payment:refund.title'))}</h1>${body}`,
  );
}
