/**
 * LIST_OF_BENEFICIARIES: the declaration of the company's beneficial owners. Each share carries one
 * vote, so a subscriber's part of the capital is also their part of the votes; whoever holds at
 * least the threshold is a beneficial owner, and when nobody does the legal representative is.
 */
import { totalShares } from './company-data';
import { html, identityTable, multiline, signatureBox, type DocumentTemplate } from './layout';

/** In percent of the capital or of the votes. */
export const BENEFICIAL_OWNER_THRESHOLD = 25;

export const beneficiaries: DocumentTemplate = {
  fileKey: 'beneficiaries.file',
  render(fields, context) {
    const { t, integer, percent } = context;
    const total = totalShares(fields);
    const threshold = percent(BENEFICIAL_OWNER_THRESHOLD / 100, { whole: true });
    const holders = fields.subscribers.map((subscriber) => ({
      ...subscriber,
      ratio: total > 0 ? subscriber.shares / total : 0,
      // Compared in whole numbers: no rounding decides who is an owner.
      owner: total > 0 && subscriber.shares * 100 >= total * BENEFICIAL_OWNER_THRESHOLD,
    }));
    const heldShares = holders.reduce((sum, holder) => sum + holder.shares, 0);
    const rows = holders
      .map(
        (
          holder,
        ) => `<tr${holder.owner ? ' class="owner"' : ''}><td>${html(holder.name)}</td><td>${multiline(holder.address)}</td>
<td class="num">${html(integer(holder.shares))}</td><td class="num">${html(percent(holder.ratio))}</td>
<td>${html(t(holder.owner ? 'common.yes' : 'common.no'))}</td></tr>`,
      )
      .join('\n');

    const body = `<header>
<h1>${html(t('beneficiaries.title'))}</h1>
<p class="company">${html(fields.companyName)}</p>
</header>
<section>
<h2>${html(t('beneficiaries.companyTitle'))}</h2>
${identityTable([
  [t('beneficiaries.name'), `<strong>${html(fields.companyName)}</strong>`],
  [t('beneficiaries.form'), html(t('common.companyForm'))],
  [t('beneficiaries.office'), multiline(fields.registeredOffice)],
  [t('beneficiaries.capital'), html(context.money(fields.shareCapital))],
  [t('beneficiaries.representative'), html(fields.presidentName)],
])}
</section>
<section>
<h2>${html(t('beneficiaries.holdersTitle'))}</h2>
<p>${html(t('beneficiaries.intro'))}</p>
<table>
<thead><tr><th scope="col">${html(t('beneficiaries.holder'))}</th><th scope="col">${html(t('beneficiaries.address'))}</th>
<th scope="col" class="num">${html(t('beneficiaries.shares'))}</th><th scope="col" class="num">${html(t('beneficiaries.percentage'))}</th>
<th scope="col">${html(t('beneficiaries.beneficialOwner'))}</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="2">${html(t('common.total'))}</td><td class="num">${html(integer(heldShares))}</td>
<td class="num">${html(percent(total > 0 ? heldShares / total : 0))}</td><td></td></tr></tfoot>
</table>
<p>${html(t('beneficiaries.rule', { threshold }))}</p>
${holders.some((holder) => holder.owner) ? '' : `<p><strong>${html(t('beneficiaries.noOwner', { threshold, name: fields.presidentName }))}</strong></p>`}
<p>${html(t('beneficiaries.certify'))}</p>
</section>
<p class="made-at">${html(
      t('common.madeAt', { place: fields.placeOfSignature, date: context.date(fields.dateOfSignature) }),
    )}</p>
<div class="signatures">
${signatureBox(context, t('beneficiaries.signer'), fields.presidentName)}
</div>`;
    return { title: t('beneficiaries.documentTitle', { company: fields.companyName }), body };
  },
};
