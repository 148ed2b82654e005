/** LEGAL_STATUSES: the statutes of the company (a French SAS), article by article, signed by every subscriber. */
import type { CompanyFileFields } from './company-data';
import { totalShares } from './company-data';
import { html, multiline, signatureBox, type DocumentContext, type DocumentTemplate } from './layout';

function contributions(fields: CompanyFileFields, context: DocumentContext): string {
  const { t, money, integer } = context;
  const rows = fields.subscribers
    .map(
      (subscriber) => `<tr><td>${html(subscriber.name)}</td><td>${multiline(subscriber.address)}</td>
<td class="num">${html(integer(subscriber.shares))}</td><td class="num">${html(money(subscriber.subscription))}</td>
<td class="num">${html(money(subscriber.paidAmount))}</td></tr>`,
    )
    .join('\n');
  const sum = (pick: (subscriber: CompanyFileFields['subscribers'][number]) => number) =>
    fields.subscribers.reduce((total, subscriber) => total + pick(subscriber), 0);
  const [shares, subscribed, paid] = [
    sum((s) => s.shares),
    sum((s) => s.subscription),
    sum((s) => s.paidAmount),
  ];
  const balance = Math.round((subscribed - paid) * 100) / 100;
  return `<table>
<thead><tr><th scope="col">${html(t('statutes.contributions.name'))}</th><th scope="col">${html(t('statutes.contributions.address'))}</th>
<th scope="col" class="num">${html(t('statutes.contributions.shares'))}</th><th scope="col" class="num">${html(t('statutes.contributions.subscription'))}</th>
<th scope="col" class="num">${html(t('statutes.contributions.paid'))}</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="2">${html(t('common.total'))}</td><td class="num">${html(integer(shares))}</td>
<td class="num">${html(money(subscribed))}</td><td class="num">${html(money(paid))}</td></tr></tfoot>
</table>
<p>${html(t('statutes.contributions.deposit', { paid: money(paid) }))}</p>
${balance > 0 ? `<p>${html(t('statutes.contributions.balance', { balance: money(balance) }))}</p>` : ''}`;
}

export const statutes: DocumentTemplate = {
  fileKey: 'statutes.file',
  render(fields, context) {
    const { t, money } = context;
    const shares = totalShares(fields);
    const nominal = shares > 0 ? fields.shareCapital / shares : 0;
    const capital = money(fields.shareCapital);
    const signedYear = /^\d{4}/.exec(fields.dateOfSignature)?.[0] ?? String(new Date().getUTCFullYear());

    const articles: [title: string, body: string][] = [
      [
        t('statutes.form.title'),
        `<p>${html(t('statutes.form.text'))}</p><p>${html(t('statutes.form.name'))}</p>
<p class="value">${html(fields.companyName)}</p><p>${html(t('statutes.form.mention'))}</p>`,
      ],
      [
        t('statutes.purpose.title'),
        `<p>${html(t('statutes.purpose.text'))}</p><p class="value">${multiline(fields.corporatePurpose)}</p>
<p>${html(t('statutes.purpose.general'))}</p>`,
      ],
      [
        t('statutes.office.title'),
        `<p>${html(t('statutes.office.text'))}</p><p class="value">${multiline(fields.registeredOffice)}</p>
<p>${html(t('statutes.office.transfer'))}</p>`,
      ],
      [
        t('statutes.duration.title'),
        `<p>${html(t('statutes.duration.text', { duration: context.years(fields.durationYears) }))}</p>`,
      ],
      [
        t('statutes.capital.title'),
        `<p>${html(t('statutes.capital.amount', { capital }))}</p>
<p>${html(
          t('statutes.capital.shares', {
            shares: context.plural('statutes.capital.shareCount', shares),
            nominal: money(nominal, { precise: true }),
          }),
        )}</p>`,
      ],
      [
        t('statutes.contributions.title'),
        `<p>${html(t('statutes.contributions.text'))}</p>\n${contributions(fields, context)}`,
      ],
      [
        t('statutes.management.title'),
        `<p>${html(t('statutes.management.text'))}</p><p>${html(t('statutes.management.first'))}</p>
<p class="value">${html(fields.presidentName)}</p>
<p class="value">${html(t('statutes.management.residing'))} ${multiline(fields.presidentAddress)}</p>`,
      ],
      [
        t('statutes.financialYear.title'),
        `<p>${html(t('statutes.financialYear.text'))}</p><p>${html(t('statutes.financialYear.first', { year: signedYear }))}</p>`,
      ],
    ];

    const body = `<header>
<h1>${html(t('statutes.title'))}</h1>
<p class="company">${html(fields.companyName)}</p>
<p>${html(t('statutes.subtitle', { capital }))}</p>
<p class="lines">${html(t('statutes.headOffice', { office: fields.registeredOffice }))}</p>
</header>
${articles
  .map(
    ([title, content], index) =>
      `<section>\n<h2>${html(t('statutes.article', { number: index + 1 }))} – ${html(title)}</h2>\n${content}\n</section>`,
  )
  .join('\n')}
<section>
<h2>${html(t('statutes.signatures.title'))}</h2>
<p class="made-at">${html(
      t('statutes.signatures.copies', {
        place: fields.placeOfSignature,
        date: context.date(fields.dateOfSignature),
      }),
    )}</p>
<div class="signatures">
${fields.subscribers.map((subscriber) => signatureBox(context, t('statutes.signatures.subscriber'), subscriber.name)).join('\n')}
</div>
</section>`;
    return { title: t('statutes.documentTitle', { company: fields.companyName }), body };
  },
};
