/** Operations tagged `documents`: listDocuments, downloadDocument, previewDocument, checkFiling, downloadFilingPack. */
import { DOCUMENT_SKUS } from '../services/documents/build-document';
import type { DocumentService } from '../services/documents/document-service';
import type { FilingPackService } from '../services/documents/filing-pack';
import { currentUserId, type Handler, type ParamsOf, type QueryOf } from './types';

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
    const document = await documents.download(currentUserId(request), request.params.sku, format, lang);
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
    const preview = await documents.preview(currentUserId(request), request.params.sku, request.query.lang);
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
    const pack = await filing.pack(currentUserId(request), format, lang);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${pack.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pack.body);
  };

  return { listDocuments, downloadDocument, previewDocument, checkFiling, downloadFilingPack };
}
