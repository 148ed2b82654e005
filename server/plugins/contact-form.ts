/**
 * The contact form without JavaScript: the page's <noscript> form posts here (urlencoded), and so does
 * the app's prerendered one when it is sent before the app has taken the page over (its fields named
 * "contact_<field>"), rather than as a GET that would put an address and a message in the log. A valid
 * message is sent like the API's and the browser is sent on to /contact?sent=<reference>; otherwise
 * the page comes back with each field's problem and everything typed still in place.
 */
import type { FastifyInstance } from 'fastify';
import { paths } from '../../src/config/paths';
import type { AppPages } from '../services/app-pages';
import type { ContactFormState } from '../services/static-pages';
import {
  checkContact,
  CONTACT_FIELDS,
  ContactRefused,
  HONEYPOT_FIELD,
  type ContactService,
} from '../services/contact';
import { isServerLanguage, pageLanguage, translator } from '../services/i18n';
import { CONTENT_SECURITY_POLICY } from './spa';

export async function contactFormPlugin(
  app: FastifyInstance,
  options: { contact: ContactService; pages: AppPages },
) {
  app.post<{ Body: Record<string, unknown> | undefined }>(paths.contact, async (request, reply) => {
    const sent = request.body && typeof request.body === 'object' ? request.body : {};
    // The app's form names its fields after the form (RJSF): read them as the <noscript> form's.
    const body: Record<string, unknown> = { ...sent };
    for (const field of CONTACT_FIELDS) body[field] ??= sent[`contact_${field}`];
    const language = isServerLanguage(body.language) ? body.language : pageLanguage(request.headers);
    const page = (status: number, contact: ContactFormState) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('content-security-policy', CONTENT_SECURITY_POLICY)
        .type('text/html; charset=utf-8')
        .send(options.pages.render(paths.contact, language, { contact }));

    const { values, errors } = checkContact(body, language);
    if (Object.keys(errors).length > 0)
      return page(400, { values, errors, failure: translator(language)('info:contact.errors.fields') });
    try {
      const sent = await options.contact.send(
        { ...values, language, honeypot: body[HONEYPOT_FIELD] },
        request.ip,
      );
      return await reply.redirect(`${paths.contact}?sent=${encodeURIComponent(sent.reference)}`, 303);
    } catch (error) {
      if (!(error instanceof ContactRefused)) throw error;
      return page(error.statusCode, { values, failure: error.message });
    }
  });
}
