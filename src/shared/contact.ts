/** The contact form's rules both sides know: the bots' trap field and the shape of a message's reference. */

/** The field bots fill and people never see (hidden on the page, refused by the server when filled). */
export const HONEYPOT_FIELD = 'website';

/** A sent message's reference, "C-" and eight hexadecimal digits: quoted by the sender and the support team. */
export const CONTACT_REFERENCE = /^C-[0-9A-F]{8}$/;
