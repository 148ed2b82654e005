/**
 * Operations tagged `signing`: getSigningRound, startSigningRound, downloadSigningDocument,
 * previewSigningDocument, sendSigningCode, signDocuments, downloadSigningEvidence. Each starts with
 * the caller's access to the file (services/co-founders/file-access.ts): a stranger gets a 404.
 */
import { asciiSlug } from '../../src/shared/ascii-slug';
import { SigningError, type SigningService } from '../services/signing/rounds';
import { currentUserId, type BodyOf, type Handler, type ParamsOf, type QueryOf } from './types';

type FilePath = ParamsOf<'/api/company-files/{fileId}/signing', 'get'>;
type DocumentPath = ParamsOf<'/api/company-files/{fileId}/signing/documents/{documentId}/pdf', 'get'>;

const pdfReply = (reply: Parameters<Handler>[1], filename: string, body: Uint8Array) =>
  reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${asciiSlug(filename.replace(/\.pdf$/, ''), 120)}.pdf"`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));

export function signingHandlers(signing: SigningService) {
  const getSigningRound: Handler<unknown, FilePath> = async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await signing.state(currentUserId(request), request.params.fileId));

  const startSigningRound: Handler<unknown, FilePath> = async (request, reply) => {
    try {
      return await signing.start(currentUserId(request), request.params.fileId);
    } catch (error) {
      // Not ready: the reasons go with the refusal, for the page to list them.
      if (error instanceof SigningError && error.readiness)
        return reply.code(409).send({
          message: error.message,
          error: 'Conflict',
          code: error.publicCode,
          readiness: error.readiness,
        });
      throw error;
    }
  };

  const downloadSigningDocument: Handler<unknown, DocumentPath> = async (request, reply) => {
    const document = await signing.pdf(
      currentUserId(request),
      request.params.fileId,
      request.params.documentId,
    );
    return pdfReply(reply, document.filename, document.body);
  };

  const previewSigningDocument: Handler<
    unknown,
    ParamsOf<'/api/company-files/{fileId}/signing/documents/{documentId}/preview', 'get'>,
    QueryOf<'/api/company-files/{fileId}/signing/documents/{documentId}/preview', 'get'>
  > = async (request, reply) => {
    const preview = await signing.preview(
      currentUserId(request),
      request.params.fileId,
      request.params.documentId,
      request.query.lang,
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'application/json; charset=utf-8')
      .send(preview);
  };

  const sendSigningCode: Handler<BodyOf<'/api/company-files/{fileId}/signing/code', 'post'>, FilePath> = (
    request,
  ) => signing.sendCode(currentUserId(request), request.params.fileId, request.body.documentIds);

  const signDocuments: Handler<BodyOf<'/api/company-files/{fileId}/signing/signatures', 'post'>, FilePath> = (
    request,
  ) =>
    signing.sign(
      currentUserId(request),
      request.params.fileId,
      { documentIds: request.body.documentIds, code: request.body.code, language: request.body.language },
      { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? null },
    );

  const downloadSigningEvidence: Handler<unknown, FilePath> = async (request, reply) => {
    const evidence = await signing.evidence(currentUserId(request), request.params.fileId);
    return pdfReply(reply, evidence.filename, evidence.body);
  };

  return {
    getSigningRound,
    startSigningRound,
    downloadSigningDocument,
    previewSigningDocument,
    sendSigningCode,
    signDocuments,
    downloadSigningEvidence,
  };
}
