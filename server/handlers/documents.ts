/** Operations tagged `documents`: downloadDocument. */
import type { DocumentService } from '../services/documents/document-service';
import { currentUserId, type Handler, type ParamsOf, type QueryOf } from './types';

/** The document is self-contained: no script, no request, no framing; only its own inline styles. */
const DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function documentHandlers(documents: DocumentService) {
  const downloadDocument: Handler<
    unknown,
    ParamsOf<'/api/documents/{sku}', 'get'>,
    QueryOf<'/api/documents/{sku}', 'get'>
  > = async (request, reply) => {
    const document = await documents.render(currentUserId(request), request.params.sku, request.query.lang);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-disposition', `attachment; filename="${document.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', DOCUMENT_CSP)
      .send(document.html);
  };

  return { downloadDocument };
}
