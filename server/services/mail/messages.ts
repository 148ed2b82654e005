/**
 * The product's e-mails, in the recipient's language, as plain text and HTML in one branded frame:
 * the brand's header, then the letter, then a footer with the support address and the site.
 */
import { escapeHtml } from '../html';
import { translator, type ServerTranslator } from '../i18n';
import type { MailMessage } from './mailer';

/** What every e-mail's footer names: where to get help, and the site. */
export interface MailBrand {
  siteUrl: string;
  supportEmail: string;
}

interface Letter {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A second link after the action, outlined (the withdrawal function of an order's mail). */
  secondaryAction?: { label: string; url: string };
  /** Lines shown after the action, smaller (expiry, "ignore this message"). */
  notes?: string[];
  /** A quoted block: the sender's own message in an acknowledgement. */
  quote?: string;
}

const GREEN = '#1f7d40';

function frame(t: ServerTranslator, language: string, letter: Letter, brand: MailBrand) {
  const name = t('common:brand.name');
  const signature = t('emails:signature', { brand: name });
  const footer = [
    t('common:footer.tagline'),
    t('emails:footer.help', { email: brand.supportEmail }),
    t('emails:footer.why', { brand: name }),
  ];
  const text = [
    letter.greeting,
    ...letter.paragraphs,
    ...(letter.quote ? [letter.quote.replace(/^/gm, '> ')] : []),
    ...(letter.action ? [letter.action.label, letter.action.url] : []),
    ...(letter.secondaryAction ? [letter.secondaryAction.label, letter.secondaryAction.url] : []),
    ...(letter.notes ?? []),
    signature,
    '—',
    ...footer,
    brand.siteUrl,
  ].join('\n\n');

  const paragraph = (words: string, style = '') =>
    `<p style="margin:0 0 16px;${style}">${escapeHtml(words)}</p>`;
  const action = letter.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(letter.action.url)}" style="display:inline-block;padding:12px 20px;background:${GREEN};color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(letter.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#495057;word-break:break-all">${escapeHtml(letter.action.url)}</p>`
    : '';
  const secondary = letter.secondaryAction
    ? `<p style="margin:0 0 24px"><a href="${escapeHtml(letter.secondaryAction.url)}" style="display:inline-block;padding:10px 18px;border:2px solid ${GREEN};color:${GREEN};border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(letter.secondaryAction.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#495057;word-break:break-all">${escapeHtml(letter.secondaryAction.url)}</p>`
    : '';
  const quote = letter.quote
    ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #dee2e6;background:#f8f9fa;white-space:pre-wrap">${escapeHtml(letter.quote)}</blockquote>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};padding:20px 32px;color:#ffffff;font-size:22px;font-weight:bold;letter-spacing:0.5px">${escapeHtml(name)}</td></tr>
<tr><td style="padding:32px">
${paragraph(letter.greeting)}
${letter.paragraphs.map((words) => paragraph(words)).join('\n')}
${quote}
${action}
${secondary}
${(letter.notes ?? []).map((words) => paragraph(words, 'font-size:13px;color:#495057')).join('\n')}
${paragraph(signature)}
</td></tr>
<tr><td style="padding:20px 32px;background:#f8f9fa;border-top:1px solid #e9ecef;font-size:12px;color:#495057">
${footer.map((words) => `<p style="margin:0 0 8px">${escapeHtml(words)}</p>`).join('\n')}
<p style="margin:0"><a href="${escapeHtml(brand.siteUrl)}" style="color:${GREEN}">${escapeHtml(brand.siteUrl.replace(/^https?:\/\//, ''))}</a> · <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:${GREEN}">${escapeHtml(brand.supportEmail)}</a></p>
</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}

function accountEmail(
  kind: 'verifyEmail' | 'resetPassword',
  to: string,
  language: string,
  firstname: string,
  link: string,
  brand: MailBrand,
): MailMessage {
  const t = translator(language);
  const name = t('common:brand.name');
  const { text, html } = frame(
    t,
    language,
    {
      greeting: t('emails:greeting', { firstname }),
      paragraphs: [t(`emails:${kind}.body`, { brand: name })],
      action: { label: t(`emails:${kind}.action`), url: link },
      notes: [t(`emails:${kind}.expiry`), t(`emails:${kind}.ignore`)],
    },
    brand,
  );
  return { to, subject: t(`emails:${kind}.subject`, { brand: name }), text, html, link };
}

export function verificationEmail(
  to: string,
  language: string,
  firstname: string,
  link: string,
  brand: MailBrand,
): MailMessage {
  return accountEmail('verifyEmail', to, language, firstname, link, brand);
}

export function passwordResetEmail(
  to: string,
  language: string,
  firstname: string,
  link: string,
  brand: MailBrand,
): MailMessage {
  return accountEmail('resetPassword', to, language, firstname, link, brand);
}

export interface ContactMessageMail {
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  reference: string;
}

/** The support team's copy of a contact message, in French (the operator's language); replying answers the sender. */
export function contactToSupport(contact: ContactMessageMail, brand: MailBrand): MailMessage {
  const t = translator('fr');
  const { text, html } = frame(
    t,
    'fr',
    {
      greeting: t('emails:contactSupport.greeting'),
      paragraphs: [
        t('emails:contactSupport.from', { name: contact.name, email: contact.email }),
        t('emails:contactSupport.language', {
          language:
            new Intl.DisplayNames(['fr'], { type: 'language' }).of(contact.language) ?? contact.language,
        }),
        t('emails:contactSupport.reference', { reference: contact.reference }),
      ],
      quote: `${contact.subject}\n\n${contact.message}`,
    },
    brand,
  );
  return {
    to: brand.supportEmail,
    replyTo: contact.email,
    subject: t('emails:contactSupport.subject', { subject: contact.subject, reference: contact.reference }),
    text,
    html,
  };
}

/**
 * The sender's acknowledgement, in the language they wrote in. It repeats none of their words (name,
 * subject, message): whoever types a stranger's address must not be able to mail them text of their own.
 */
export function contactAcknowledgement(contact: ContactMessageMail, brand: MailBrand): MailMessage {
  const t = translator(contact.language);
  const name = t('common:brand.name');
  const { text, html } = frame(
    t,
    contact.language,
    {
      greeting: t('emails:contactAcknowledgement.greeting'),
      paragraphs: [
        t('emails:contactAcknowledgement.body', { brand: name }),
        t('emails:contactAcknowledgement.next'),
        t('emails:contactAcknowledgement.reference', { reference: contact.reference }),
      ],
      notes: [t('emails:contactAcknowledgement.ignore')],
    },
    brand,
  );
  return {
    to: contact.email,
    replyTo: brand.supportEmail,
    subject: t('emails:contactAcknowledgement.subject', { brand: name, reference: contact.reference }),
    text,
    html,
  };
}

/** To the old address after an e-mail change: the owner learns of it even if someone else made it. */
export function emailChangedNotice(
  to: string,
  language: string,
  firstname: string,
  newEmail: string,
  brand: MailBrand,
): MailMessage {
  const t = translator(language);
  const name = t('common:brand.name');
  const { text, html } = frame(
    t,
    language,
    {
      greeting: t('emails:greeting', { firstname }),
      paragraphs: [t('emails:emailChanged.body', { brand: name, email: newEmail })],
      notes: [t('emails:emailChanged.notYou', { support: brand.supportEmail })],
    },
    brand,
  );
  return { to, subject: t('emails:emailChanged.subject', { brand: name }), text, html };
}

export interface SiteMessageMail {
  /** The site's contact address (the owner chose it). */
  to: string;
  /** The owner's language. */
  language: string;
  siteName: string;
  siteUrl: string;
  name: string;
  email: string;
  message: string;
}

/**
 * A message sent through a published site's contact form, to the address the owner gave; replying
 * answers the visitor. It goes only to that address, which the owner chose, never to the visitor.
 */
export function siteMessageToOwner(mail: SiteMessageMail, brand: MailBrand): MailMessage {
  const t = translator(mail.language);
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:siteMessage.greeting'),
      paragraphs: [
        t('emails:siteMessage.body', { site: mail.siteName, url: mail.siteUrl }),
        t('emails:siteMessage.from', { name: mail.name, email: mail.email }),
      ],
      quote: mail.message,
      action: { label: t('emails:siteMessage.action'), url: `${brand.siteUrl}/create-your-website` },
      notes: [t('emails:siteMessage.reply', { name: mail.name })],
    },
    brand,
  );
  return {
    to: mail.to,
    replyTo: mail.email,
    subject: t('emails:siteMessage.subject', { site: mail.siteName, name: mail.name }),
    text,
    html,
  };
}

export interface SiteDigestMail {
  /** Where the site's messages are mailed (the owner chose it). */
  to: string;
  /** The owner's language. */
  language: string;
  siteName: string;
  siteUrl: string;
  /** The messages it tells of (at least one). */
  count: number;
}

/**
 * After a burst of messages through a site's form, one mail in place of many: how many arrived, and
 * the messages page. It quotes none of them (they may be a flood's).
 */
export function siteMessageDigest(mail: SiteDigestMail, brand: MailBrand): MailMessage {
  const t = translator(mail.language);
  const words = { count: mail.count, site: mail.siteName, url: mail.siteUrl };
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:siteDigest.greeting'),
      paragraphs: [t('emails:siteDigest.body', words), t('emails:siteDigest.why')],
      action: {
        label: t('emails:siteDigest.action'),
        url: `${brand.siteUrl}/create-your-website#website-messages`,
      },
      notes: [t('emails:siteDigest.next')],
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:siteDigest.subject', words), text, html };
}

export interface FounderMail {
  to: string;
  language: string;
  firstname: string;
}

/** After a payment: what was paid, the invoice (attached by the queue), and the dashboard. */
export function paymentReceipt(
  mail: FounderMail & {
    offer: string;
    amount: string;
    invoiceNumber: string;
    /** "20 %" and the country whose VAT it is. */
    vat: { rate: string; amount: string; country: string } | null;
    /** An upgrade: what earlier orders paid, deducted from the plan's price. */
    credit: { price: string; credit: string } | null;
    /** The consent box's words as the founder ticked them, with when. */
    consent: { text: string; at: string } | null;
    termsVersion: string | null;
    /** The withdrawal function of this order, and the end of its period. */
    withdrawal: { url: string; until: string };
  },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const paragraphs = [t('emails:receipt.body', { amount: mail.amount, offer: mail.offer })];
  if (mail.credit)
    paragraphs.push(t('emails:receipt.credit', { price: mail.credit.price, credit: mail.credit.credit }));
  if (mail.vat) paragraphs.push(t('emails:receipt.vat', mail.vat));
  paragraphs.push(t('emails:receipt.invoice', { number: mail.invoiceNumber }));
  if (mail.termsVersion) paragraphs.push(t('emails:receipt.terms', { version: mail.termsVersion }));
  paragraphs.push(t('emails:receipt.withdrawal', { until: mail.withdrawal.until }));
  paragraphs.push(t('emails:receipt.next'));
  // Last, right above the quoted words of the box it introduces.
  if (mail.consent) paragraphs.push(t('emails:receipt.consent', { at: mail.consent.at }));
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs,
      ...(mail.consent ? { quote: mail.consent.text } : {}),
      action: { label: t('emails:receipt.action'), url: `${brand.siteUrl}/dashboard` },
      secondaryAction: { label: t('emails:receipt.withdrawalAction'), url: mail.withdrawal.url },
    },
    brand,
  );
  return {
    to: mail.to,
    subject: t('emails:receipt.subject', { offer: mail.offer, number: mail.invoiceNumber }),
    text,
    html,
  };
}

/**
 * The acknowledgement of a withdrawal declaration, on a durable medium (Directive 2011/83/EU,
 * art. 11a(3)): the declaration's content, the date and time it was made, and what follows.
 */
export function withdrawalAcknowledgement(
  mail: FounderMail & {
    offer: string;
    statement: string;
    at: string;
    refund: string | null;
    creditNoteNumber: string | null;
    revoked: string[];
    siteUrl: string | null;
  },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const paragraphs = [t('emails:withdrawal.body', { offer: mail.offer, at: mail.at })];
  paragraphs.push(
    mail.refund ? t('emails:withdrawal.refund', { amount: mail.refund }) : t('emails:withdrawal.noRefund'),
  );
  if (mail.creditNoteNumber)
    paragraphs.push(t('emails:withdrawal.creditNote', { number: mail.creditNoteNumber }));
  if (mail.revoked.length > 0)
    paragraphs.push(t('emails:withdrawal.revoked', { products: mail.revoked.join(', ') }));
  if (mail.siteUrl) paragraphs.push(t('emails:refund.siteOffline', { url: mail.siteUrl }));
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs,
      quote: mail.statement,
      action: { label: t('emails:withdrawal.action'), url: `${brand.siteUrl}/orders` },
      notes: [t('emails:withdrawal.keep')],
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:withdrawal.subject', { offer: mail.offer }), text, html };
}

/**
 * After a refund: how much, the credit note (attached by the queue), what a full refund took back,
 * and the website taken offline with it (`siteUrl`), its draft kept.
 */
export function refundNotice(
  mail: FounderMail & {
    offer: string;
    amount: string;
    creditNoteNumber: string | null;
    full: boolean;
    siteUrl: string | null;
  },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const paragraphs = [t('emails:refund.body', { amount: mail.amount, offer: mail.offer })];
  if (mail.creditNoteNumber)
    paragraphs.push(t('emails:refund.creditNote', { number: mail.creditNoteNumber }));
  if (mail.full) paragraphs.push(t('emails:refund.full'));
  if (mail.siteUrl) paragraphs.push(t('emails:refund.siteOffline', { url: mail.siteUrl }));
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs,
      action: { label: t('emails:refund.action'), url: `${brand.siteUrl}/dashboard` },
    },
    brand,
  );
  return {
    to: mail.to,
    subject: mail.creditNoteNumber
      ? t('emails:refund.subject', { offer: mail.offer, number: mail.creditNoteNumber })
      : t('emails:refund.subjectNoCreditNote', { offer: mail.offer }),
    text,
    html,
  };
}

/** Once the documents can be downloaded (paid for, and the company file submitted). */
export function documentsReady(mail: FounderMail & { company: string }, brand: MailBrand): MailMessage {
  const t = translator(mail.language);
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [
        t('emails:documentsReady.body', { company: mail.company }),
        t('emails:documentsReady.next'),
      ],
      action: { label: t('emails:documentsReady.action'), url: `${brand.siteUrl}/documents` },
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:documentsReady.subject'), text, html };
}

/**
 * After the founder submits the company file for the first time: it is saved in Kreo, not filed with
 * any registry; what comes next (the documents when a package is owned, else the plans; the filing
 * guide on the dashboard, which the founder follows to file it themselves).
 */
export function fileSubmitted(
  mail: FounderMail & { company: string | null; ownsDocuments: boolean },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const company = mail.company ?? t('emails:fileSubmitted.yourCompany');
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [
        t('emails:fileSubmitted.body', { company }),
        t('emails:fileSubmitted.notFiled'),
        t(mail.ownsDocuments ? 'emails:fileSubmitted.nextDocuments' : 'emails:fileSubmitted.nextPlans', {
          plansUrl: `${brand.siteUrl}/plans`,
        }),
        t('emails:fileSubmitted.guide'),
      ],
      action: { label: t('emails:fileSubmitted.action'), url: `${brand.siteUrl}/dashboard` },
      notes: [t('emails:fileSubmitted.amend')],
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:fileSubmitted.subject'), text, html };
}

/** The one reminder about a draft left unfinished, with a link that stops reminders. */
export function draftReminder(
  mail: FounderMail & { company: string | null; unsubscribeUrl: string },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const company = mail.company ?? t('emails:draftReminder.yourCompany');
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [t('emails:draftReminder.body', { company }), t('emails:draftReminder.next')],
      action: { label: t('emails:draftReminder.action'), url: `${brand.siteUrl}/ai-powered-form` },
      notes: [
        t('emails:draftReminder.once'),
        t('emails:draftReminder.unsubscribe', { url: mail.unsubscribeUrl }),
      ],
    },
    brand,
  );
  return {
    to: mail.to,
    subject: t('emails:draftReminder.subject'),
    text,
    html,
    unsubscribeUrl: mail.unsubscribeUrl,
  };
}

/** To a person of a company file who is not (or not yet) an account of ours: their name, else "Hello,". */
function coFounderGreeting(t: ServerTranslator, name: string) {
  return name ? t('emails:greeting', { firstname: name }) : t('emails:coFounders.hello');
}

export interface CoFounderInvitationMail {
  to: string;
  /** The language the founder chose for the invitee. */
  language: string;
  /** The invitee's first names, as the file gives them ('' when it has none). */
  firstname: string;
  /** The founder's first and last name. */
  inviter: string;
  /** The company's name with its form ('' before it has one). */
  company: string;
  /** The invitee's roles, already in `language`. */
  roles: string[];
  /** A manager or directeur général: accepts the appointment and makes the honour statement. */
  manages: boolean;
  /** An associate (or a company associate's representative): approves the file. */
  approves: boolean;
  link: string;
  /** When the link stops working, already in `language`. */
  expires: string;
  /** Romania: the documents are signed with a qualified signature (or on paper), not with a code. */
  qualified: boolean;
  /** The one reminder of an unanswered invitation (the same link). */
  reminder?: boolean;
}

/**
 * The invitation to a company file, in the language the founder chose for the invitee: who invites,
 * to which company and in which capacity, what they will be asked (their own record, their acts,
 * their signature), the link and until when it works.
 */
export function coFounderInvitation(mail: CoFounderInvitationMail, brand: MailBrand): MailMessage {
  const t = translator(mail.language);
  const brandName = t('common:brand.name');
  const company = mail.company || t('emails:coFounders.yourCompany');
  const words = { inviter: mail.inviter, company, brand: brandName, roles: mail.roles.join(', ') };
  const asks = [
    t('emails:coFounders.invitation.askRecord', words),
    ...(mail.manages ? [t('emails:coFounders.invitation.askAppointment', words)] : []),
    ...(mail.approves ? [t('emails:coFounders.invitation.askApproval', words)] : []),
    t(
      mail.qualified
        ? 'emails:coFounders.invitation.askSignQualified'
        : 'emails:coFounders.invitation.askSign',
      words,
    ),
  ];
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: coFounderGreeting(t, mail.firstname),
      paragraphs: [
        t(mail.reminder ? 'emails:coFounders.reminder.body' : 'emails:coFounders.invitation.body', words),
        t('emails:coFounders.invitation.asks'),
        ...asks.map((ask) => `• ${ask}`),
        t('emails:coFounders.invitation.private', words),
      ],
      action: { label: t('emails:coFounders.invitation.action'), url: mail.link },
      notes: [
        t('emails:coFounders.invitation.expiry', { date: mail.expires }),
        ...(mail.reminder ? [t('emails:coFounders.reminder.once')] : []),
        t('emails:coFounders.invitation.ignore', words),
      ],
    },
    brand,
  );
  return {
    to: mail.to,
    subject: t(
      mail.reminder ? 'emails:coFounders.reminder.subject' : 'emails:coFounders.invitation.subject',
      words,
    ),
    text,
    html,
    link: mail.link,
  };
}

/** To the person whose invitation the founder withdrew (`pending`), or whom the founder removed from the file. */
export function coFounderRemoved(
  mail: {
    to: string;
    language: string;
    firstname: string;
    inviter: string;
    company: string;
    pending: boolean;
    /** Ended because the founder took their person out of the file (or of every role in it). */
    personRemoved?: boolean;
  },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const kind = mail.personRemoved
    ? mail.pending
      ? 'personRemovedPending'
      : 'personRemoved'
    : mail.pending
      ? 'revoked'
      : 'removed';
  const words = { inviter: mail.inviter, company: mail.company || t('emails:coFounders.yourCompany') };
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: coFounderGreeting(t, mail.firstname),
      paragraphs: [t(`emails:coFounders.${kind}.body`, words), t(`emails:coFounders.${kind}.next`, words)],
    },
    brand,
  );
  return { to: mail.to, subject: t(`emails:coFounders.${kind}.subject`, words), text, html };
}

/** To the founder: a co-founder left the file. */
export function coFounderLeft(
  mail: FounderMail & { company: string; person: string },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const words = { person: mail.person, company: mail.company || t('emails:coFounders.ownCompany') };
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [t('emails:coFounders.left.body', words), t('emails:coFounders.left.next', words)],
      action: { label: t('emails:coFounders.left.action'), url: `${brand.siteUrl}/dashboard` },
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:coFounders.left.subject', words), text, html };
}

/**
 * To the founder: a co-founder completed (their record passes the People step's rules for the first
 * time) or corrected their own record; `resubmitted` when the submitted file took the change.
 */
export function coFounderRecordUpdated(
  mail: FounderMail & {
    company: string;
    person: string;
    completed: boolean;
    resubmitted: boolean;
    /** The documents are signed on the submitted answers: the change waits for the founder. */
    signed?: boolean;
    fileUrl: string;
  },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const kind = mail.completed ? 'completed' : 'corrected';
  const words = { person: mail.person, company: mail.company || t('emails:coFounders.ownCompany') };
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [
        t(`emails:coFounders.record.${kind}`, words),
        t(
          mail.resubmitted
            ? 'emails:coFounders.record.resubmitted'
            : mail.signed
              ? 'emails:coFounders.record.signed'
              : 'emails:coFounders.record.draft',
          words,
        ),
      ],
      action: { label: t('emails:coFounders.record.action'), url: mail.fileUrl },
    },
    brand,
  );
  return { to: mail.to, subject: t(`emails:coFounders.record.${kind}Subject`, words), text, html };
}

/**
 * To a person whose acceptance, statement or approval was given on an earlier version of the file:
 * what changed (the fields' names in their language, never their values), and the page to give them
 * again.
 */
export function coFounderApproveAgain(
  mail: { to: string; language: string; firstname: string; company: string; changes: string[]; url: string },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const words = { company: mail.company || t('emails:coFounders.yourCompany') };
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: coFounderGreeting(t, mail.firstname),
      paragraphs: [
        t('emails:coFounders.approveAgain.body', words),
        t('emails:coFounders.approveAgain.changes'),
        ...mail.changes.map((change) => `• ${change}`),
        t('emails:coFounders.approveAgain.next'),
      ],
      action: { label: t('emails:coFounders.approveAgain.action'), url: mail.url },
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:coFounders.approveAgain.subject', words), text, html };
}

/** Issue 35, signing: "the documents of {company} are ready to sign" (or to sign with a qualified certificate). */
export function documentsToSign(
  mail: FounderMail & {
    company: string;
    founder: string;
    documents: string[];
    qualified: boolean;
    url: string;
  },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [
        t('emails:signing.toSign.body', { company: mail.company, founder: mail.founder }),
        t('emails:signing.toSign.documents', { documents: mail.documents.join(', ') }),
        t(mail.qualified ? 'emails:signing.toSign.qualified' : 'emails:signing.toSign.electronic'),
      ],
      action: { label: t('emails:signing.toSign.action'), url: mail.url },
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:signing.toSign.subject', { company: mail.company }), text, html };
}

/** Issue 35, signing: the one-time code that signs the documents named. */
export function signingCode(
  mail: FounderMail & { company: string; code: string; documents: string[] },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [
        t('emails:signing.code.body', { company: mail.company, documents: mail.documents.join(', ') }),
        mail.code,
      ],
      notes: [t('emails:signing.code.expiry'), t('emails:signing.code.ignore')],
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:signing.code.subject', { code: mail.code }), text, html };
}

/** Issue 35, signing: a document every signatory signed is sealed. */
export function signingDocumentSealed(
  mail: FounderMail & { company: string; document: string; url: string },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [t('emails:signing.sealed.body', { company: mail.company, document: mail.document })],
      action: { label: t('emails:signing.sealed.action'), url: mail.url },
    },
    brand,
  );
  return {
    to: mail.to,
    subject: t('emails:signing.sealed.subject', { document: mail.document }),
    text,
    html,
  };
}

/** Issue 35, signing: every document is signed; the signed pack and its evidence file are ready. */
export function signingPackSigned(
  mail: FounderMail & { company: string; url: string },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [
        t('emails:signing.complete.body', { company: mail.company }),
        t('emails:signing.complete.next'),
      ],
      action: { label: t('emails:signing.complete.action'), url: mail.url },
    },
    brand,
  );
  return {
    to: mail.to,
    subject: t('emails:signing.complete.subject', { company: mail.company }),
    text,
    html,
  };
}

/** Issue 35, signing: the company file changed after the documents were signed (or being signed). */
export function signingVoided(
  /** `reason` documentsChanged: the documents written again to be sealed were not the version signed. */
  mail: FounderMail & { company: string; url: string; reason?: 'fileChanged' | 'documentsChanged' },
  brand: MailBrand,
): MailMessage {
  const t = translator(mail.language);
  const words =
    mail.reason === 'documentsChanged' ? 'emails:signing.voided.documentsChanged' : 'emails:signing.voided';
  const { text, html } = frame(
    t,
    mail.language,
    {
      greeting: t('emails:greeting', { firstname: mail.firstname }),
      paragraphs: [t(`${words}.body`, { company: mail.company }), t(`${words}.next`)],
      action: { label: t('emails:signing.voided.action'), url: mail.url },
    },
    brand,
  );
  return { to: mail.to, subject: t('emails:signing.voided.subject', { company: mail.company }), text, html };
}
