/** Operations tagged `documents`: listDocuments, downloadDocument, previewDocument, checkFiling, downloadFilingPack. */
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_SKUS } from '../services/documents/build-document';
import { DocumentError, type DocumentService } from '../services/documents/document-service';
import type { FilingPackService } from '../services/documents/filing-pack';
import { pageLanguage, translator, type ServerTranslator } from '../services/i18n';
import { currentUserId, type Handler, type ParamsOf, type QueryOf } from './types';

/** A path of the company file as the wizard names it: "Personne 2 – Nom de naissance". */
function fieldName(t: ServerTranslator, path: (string | number)[]): string {
  const known = (key: string) => {
    const text = t(key);
    return text === key || text.endsWith(key.split(':').pop() ?? key) ? null : text;
  };
  const last = path.findLast((part) => typeof part === 'string') ?? '';
  const [first, index] = path;
  const title = known(`wizard:fields.person.${last}.title`) ?? known(`wizard:fields.${last}.title`) ?? last;
  if (first === 'persons' && typeof index === 'number' && path.length > 2)
    return `${t('wizard:fields.person.heading', { number: index + 1 })} – ${title}`;
  return title;
}

/** A refusal of ours, said in the language of the page that asked (the language cookie, else Accept-Language). */
async function inUserLanguage<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocumentError && error.unprintable) {
      const t = translator(pageLanguage(request.headers));
      throw new DocumentError(
        422,
        t('documents:errors.unprintable', {
          field: fieldName(t, error.unprintable.field),
          characters: error.unprintable.characters.join(' '),
        }),
        error.unprintable,
      );
    }
    throw error;
  }
}

export function documentHandlers(documents: DocumentService, filing: FilingPackService) {
  const listDocuments: Handler = async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await documents.list(currentUserId(request), DOCUMENT_SKUS));

  const downloadDocument: Handler<
    unknown,
    ParamsOf<'/api/documents/{sku}', 'get'>,
    QueryOf<'/api/documents/{sku}', 'get'>
  > = async (request, reply) => {
    const { format = 'pdf', lang } = request.query;
    const document = await inUserLanguage(request, () =>
      documents.download(currentUserId(request), request.params.sku, format, lang),
    );
    return reply
      .header('content-type', document.contentType)
      .header('content-disposition', `attachment; filename="${document.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(document.body);
  };

  const previewDocument: Handler<
    unknown,
    ParamsOf<'/api/documents/{sku}/preview', 'get'>,
    QueryOf<'/api/documents/{sku}/preview', 'get'>
  > = async (request, reply) => {
    const preview = await inUserLanguage(request, () =>
      documents.preview(currentUserId(request), request.params.sku, request.query.lang),
    );
    // JSON text already (the worker wrote it): sent as it is, not serialized again on the event loop.
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'application/json; charset=utf-8')
      .send(preview);
  };

  const checkFiling: Handler<unknown, unknown, QueryOf<'/api/documents/filing-check', 'get'>> = async (
    request,
    reply,
  ) =>
    reply
      .header('cache-control', 'no-store')
      .send(await filing.check(currentUserId(request), request.query.source ?? 'submitted'));

  const downloadFilingPack: Handler<unknown, unknown, QueryOf<'/api/documents/pack', 'get'>> = async (
    request,
    reply,
  ) => {
    const { format = 'pdf', lang } = request.query;
    const pack = await inUserLanguage(request, () => filing.pack(currentUserId(request), format, lang));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${pack.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pack.body);
  };

  return { listDocuments, downloadDocument, previewDocument, checkFiling, downloadFilingPack };
}
