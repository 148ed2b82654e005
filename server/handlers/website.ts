/**
 * Operations tagged `website`: the owner's builder (getWebsite, saveWebsiteDraft, uploadWebsiteLogo,
 * deleteWebsiteLogo, uploadWebsitePhoto, deleteWebsitePhoto, checkWebsiteSlug, publishWebsite, unpublishWebsite) and the messages its
 * contact form received (listWebsiteMessages, markWebsiteMessageRead). Messages are in the language
 * of the page that asks (the app's language cookie, else Accept-Language).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { pageLanguage, translator, type ServerLanguage } from '../services/i18n';
import { LogoRefused } from '../services/website/logo-images';
import { PhotoRefused } from '../services/website/photo-images';
import { WebsiteError, type WebsiteService } from '../services/website/website-service';
import { currentUserId, type BodyOf, type Handler, type ParamsOf, type QueryOf } from './types';

const languageOf = (request: FastifyRequest) => pageLanguage(request.headers);

export function websiteHandlers(websites: WebsiteService) {
  /** Our refusals, with their `code` and a message in the user's language (see the error handler). */
  async function answer<T>(request: FastifyRequest, reply: Parameters<Handler>[1], work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof WebsiteError) {
        if (error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.statusCode).send({
          message: error.message,
          error: STATUS_CODES[error.statusCode],
          code: error.code,
          ...(error.fields ? { fields: error.fields } : {}),
        });
      }
      if (error instanceof PhotoRefused) {
        return reply.code(error.statusCode).send({
          message: translator(languageOf(request))(`website:errors.${error.code}`),
          error: STATUS_CODES[error.statusCode],
          code: error.code,
        });
      }
      if (error instanceof LogoRefused) {
        return reply.code(error.statusCode).send({
          message: translator(languageOf(request))(`website:errors.${error.code}`),
          error: STATUS_CODES[error.statusCode],
          code: error.code,
        });
      }
      throw error;
    }
  }

  const getWebsite: Handler = (request) => websites.get(currentUserId(request));

  const saveWebsiteDraft: Handler<BodyOf<'/api/website/draft', 'post'>> = (request, reply) =>
    answer(request, reply, () =>
      websites.saveDraft(currentUserId(request), request.body.content, languageOf(request)),
    );

  /** An image upload: its bytes to `store` (logo or photo), or 415 for a body that is not bytes. */
  const imageUpload =
    (
      store: (userId: string, bytes: Uint8Array, language: ServerLanguage) => Promise<unknown>,
    ): Handler<unknown> =>
    async (request, reply) => {
      // Only application/octet-stream arrives as bytes; JSON (which the app accepts everywhere) does not.
      if (!Buffer.isBuffer(request.body))
        return reply.code(415).send({
          message: 'Send the image file itself, as application/octet-stream',
          error: STATUS_CODES[415],
        });
      const bytes = request.body;
      return answer(request, reply, () => store(currentUserId(request), bytes, languageOf(request)));
    };

  const uploadWebsiteLogo = imageUpload((userId, bytes, language) =>
    websites.uploadLogo(userId, bytes, language),
  );

  const deleteWebsiteLogo: Handler = (request) => websites.deleteLogo(currentUserId(request));

  const uploadWebsitePhoto = imageUpload((userId, bytes, language) =>
    websites.uploadPhoto(userId, bytes, language),
  );

  const deleteWebsitePhoto: Handler<unknown, ParamsOf<'/api/website/photos/{photoId}/delete', 'post'>> = (
    request,
  ) => websites.deletePhoto(currentUserId(request), request.params.photoId);

  const checkWebsiteSlug: Handler<unknown, unknown, QueryOf<'/api/website/slug-availability', 'get'>> = (
    request,
    reply,
  ) =>
    answer(request, reply, () =>
      websites.checkSlug(currentUserId(request), request.query.slug, languageOf(request)),
    );

  const publishWebsite: Handler<BodyOf<'/api/website/publish', 'post'>> = (request, reply) =>
    answer(request, reply, () =>
      websites.publish(currentUserId(request), request.body.slug, languageOf(request)),
    );

  const unpublishWebsite: Handler = (request) => websites.unpublish(currentUserId(request));

  const setWebsiteDomain: Handler<BodyOf<'/api/website/domain', 'post'>> = (request, reply) =>
    answer(request, reply, () =>
      websites.setDomain(currentUserId(request), request.body.domain, languageOf(request)),
    );

  const verifyWebsiteDomain: Handler = (request, reply) =>
    answer(request, reply, () => websites.verifyDomain(currentUserId(request), languageOf(request)));

  const removeWebsiteDomain: Handler = (request) => websites.removeDomain(currentUserId(request));

  const listWebsiteMessages: Handler = (request) => websites.listMessages(currentUserId(request));

  const markWebsiteMessageRead: Handler<unknown, ParamsOf<'/api/website/messages/{id}/read', 'post'>> = (
    request,
    reply,
  ) =>
    answer(request, reply, () =>
      websites.markRead(currentUserId(request), request.params.id, languageOf(request)),
    );

  return {
    getWebsite,
    saveWebsiteDraft,
    uploadWebsiteLogo,
    deleteWebsiteLogo,
    uploadWebsitePhoto,
    deleteWebsitePhoto,
    checkWebsiteSlug,
    publishWebsite,
    unpublishWebsite,
    setWebsiteDomain,
    verifyWebsiteDomain,
    removeWebsiteDomain,
    listWebsiteMessages,
    markWebsiteMessageRead,
  };
}
