/** The product's e-mails, in the recipient's language, as plain text and simple HTML. */
import { escapeHtml } from '../html';
import { translator } from '../i18n';
import type { MailMessage } from './mailer';

function compose(
  to: string,
  language: string,
  kind: 'verifyEmail' | 'resetPassword',
  firstname: string,
  link: string,
): MailMessage {
  const t = translator(language);
  const brand = t('common:brand.name');
  const subject = t(`emails:${kind}.subject`, { brand });
  const lines = [
    t('emails:greeting', { firstname }),
    t(`emails:${kind}.body`, { brand }),
    t(`emails:${kind}.action`),
    link,
    t(`emails:${kind}.expiry`),
    t(`emails:${kind}.ignore`),
    t('emails:signature', { brand }),
  ];
  const text = lines.join('\n\n');
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(lines[0] ?? '')}</p>
<p>${escapeHtml(lines[1] ?? '')}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1f7d40;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(lines[2] ?? '')}</a></p>
<p style="font-size:13px;color:#495057">${escapeHtml(link)}</p>
<p>${escapeHtml(lines[4] ?? '')}</p>
<p style="font-size:13px;color:#495057">${escapeHtml(lines[5] ?? '')}</p>
<p>${escapeHtml(lines[6] ?? '')}</p>
</body></html>`;
  return { to, subject, text, html, link };
}

export function verificationEmail(
  to: string,
  language: string,
  firstname: string,
  link: string,
): MailMessage {
  return compose(to, language, 'verifyEmail', firstname, link);
}

export function passwordResetEmail(
  to: string,
  language: string,
  firstname: string,
  link: string,
): MailMessage {
  return compose(to, language, 'resetPassword', firstname, link);
}
