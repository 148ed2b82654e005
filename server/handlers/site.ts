/** Operations tagged `site`: who runs it, and the contact form. */
import type { SiteInfo } from '../../src/shared/site-info';
import { checkContact, ContactRefused, HONEYPOT_FIELD, type ContactService } from '../services/contact';
import { isServerLanguage, translator } from '../services/i18n';
import type { BodyOf, Handler } from './types';

type ContactBody = BodyOf<'/api/contact', 'post'>;

export function siteHandlers(site: SiteInfo, contact: ContactService) {
  const getSiteInfo: Handler = () => Promise.resolve(site);

  const sendContactMessage: Handler<ContactBody> = async (request, reply) => {
    const language = isServerLanguage(request.body.language) ? request.body.language : 'fr';
    const { values, errors } = checkContact(request.body, language);
    if (Object.keys(errors).length > 0) {
      return reply.code(400).send({
        message: translator(language)('info:contact.errors.fields'),
        error: 'Bad Request',
        fields: errors,
      });
    }
    try {
      const sent = await contact.send(
        { ...values, language, honeypot: request.body[HONEYPOT_FIELD] },
        request.ip,
        // Set when the call came with a valid access token (openapi: optional bearerAuth).
        request.userId,
      );
      return await reply.code(202).send(sent);
    } catch (error) {
      if (!(error instanceof ContactRefused)) throw error;
      return reply.code(error.statusCode).send({
        message: error.message,
        error: error.statusCode === 429 ? 'Too Many Requests' : 'Bad Request',
      });
    }
  };

  return { getSiteInfo, sendContactMessage };
}
