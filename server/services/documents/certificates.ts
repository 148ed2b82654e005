/**
 * CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION: the founder's sworn declaration of non-conviction
 * and of filiation (their parents' names), which the company register asks of every officer.
 */
import { html, identityTable, multiline, signatureBox, type DocumentTemplate } from './layout';

export const certificates: DocumentTemplate = {
  fileKey: 'certificates.file',
  render(fields, context) {
    const { t } = context;
    const body = `<header>
<h1>${html(t('certificates.title'))}</h1>
<p>${html(t('certificates.context', { company: fields.companyName }))}</p>
</header>
<p>${html(t('certificates.undersigned'))}</p>
${identityTable([
  [t('certificates.fullName'), `<strong>${html(fields.fullName)}</strong>`],
  [t('certificates.dateOfBirth'), html(context.date(fields.dateOfBirth))],
  [t('certificates.placeOfBirth'), html(fields.placeOfBirth)],
  [t('certificates.nationality'), html(context.country(fields.nationality))],
  [t('certificates.address'), multiline(fields.address)],
])}
<section>
<h2>${html(t('certificates.filiation'))}</h2>
${identityTable([
  [t('certificates.father'), html(fields.fatherName)],
  [t('certificates.mother'), html(fields.motherName)],
])}
</section>
<section>
<h2>${html(t('certificates.nonConvictionTitle'))}</h2>
<p>${html(t('certificates.nonConviction'))}</p>
<p>${html(t('certificates.accuracy'))}</p>
</section>
<p class="made-at">${html(
      t('common.madeAt', { place: fields.placeOfSignature, date: context.date(fields.dateOfSignature) }),
    )}</p>
<div class="signatures">
${signatureBox(context, t('certificates.signer'), fields.fullName)}
</div>`;
    return { title: t('certificates.title'), body };
  },
};
