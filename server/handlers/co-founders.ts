/**
 * Operations tagged `coFounders`: the founder's invitations (listFileMembers, inviteFileMember,
 * resendFileInvitation, revokeFileMember), the invitation link (getInvitation, acceptInvitation),
 * the shared files (listSharedFiles, getSharedFile, leaveSharedFile, updateOwnPersonRecord) and the
 * acts (listFileActs, giveFileAct). Who may do what is decided by the services (file-access.ts).
 */
import { fileAccess } from '../services/co-founders/file-access';
import { OwnRecordConflict, OwnRecordInvalid, type CoFounderService } from '../services/co-founders/members';
import { SignaturesWouldBeVoided } from '../services/signing/void-guard';
import type { Database } from '../db/database';
import { currentUserId, type BodyOf, type Handler, type ParamsOf } from './types';

type FileParams = ParamsOf<'/api/company-files/{fileId}', 'get'>;
type PersonParams = ParamsOf<'/api/company-file/members/{personId}', 'delete'>;
type TokenParams = ParamsOf<'/api/invitations/{token}', 'get'>;

/** `limitSaves` throws a 429 once an account has saved too much in a minute (as drafts are limited). */
export function coFounderHandlers(
  coFounders: CoFounderService,
  db: Database,
  limitSaves: (userId: string) => Promise<void> = () => Promise.resolve(),
) {
  const listFileMembers: Handler = (request) => coFounders.list(currentUserId(request));

  const inviteFileMember: Handler<BodyOf<'/api/company-file/members', 'post'>> = (request) =>
    coFounders.invite(currentUserId(request), request.body);

  const resendFileInvitation: Handler<unknown, PersonParams> = (request) =>
    coFounders.resend(currentUserId(request), request.params.personId);

  const revokeFileMember: Handler<unknown, PersonParams> = async (request, reply) => {
    await coFounders.revoke(currentUserId(request), request.params.personId);
    return reply.code(204).send();
  };

  const getInvitation: Handler<unknown, TokenParams> = async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await coFounders.invitation(request.params.token, request.ip));

  const acceptInvitation: Handler<unknown, TokenParams> = (request) =>
    coFounders.accept(currentUserId(request), request.params.token);

  const listSharedFiles: Handler = (request) => coFounders.sharedFiles(currentUserId(request));

  const getSharedFile: Handler<unknown, FileParams> = async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await coFounders.sharedFile(currentUserId(request), request.params.fileId));

  const leaveSharedFile: Handler<unknown, FileParams> = async (request, reply) => {
    await coFounders.leave(currentUserId(request), request.params.fileId);
    return reply.code(204).send();
  };

  const updateOwnPersonRecord: Handler<
    BodyOf<'/api/company-files/{fileId}/persons/{personId}', 'put'>,
    ParamsOf<'/api/company-files/{fileId}/persons/{personId}', 'put'>
  > = async (request, reply) => {
    const userId = currentUserId(request);
    await limitSaves(userId);
    try {
      return await coFounders.updateOwnRecord(
        userId,
        request.params.fileId,
        request.params.personId,
        request.body,
      );
    } catch (error) {
      if (error instanceof OwnRecordInvalid)
        return reply
          .code(422)
          .send({ message: error.message, error: 'Unprocessable Entity', errors: error.errors });
      if (error instanceof OwnRecordConflict)
        return reply
          .code(409)
          .send({ message: error.message, error: 'Conflict', code: error.code, file: error.file });
      if (error instanceof SignaturesWouldBeVoided)
        return reply.code(409).send({ message: error.message, error: 'Conflict', code: error.code });
      throw error;
    }
  };

  const listFileActs: Handler<unknown, FileParams> = async (request) => {
    const access = await fileAccess(db, currentUserId(request), request.params.fileId);
    return coFounders.acts.list(db, access.ownerId);
  };

  const giveFileAct: Handler<
    BodyOf<'/api/company-files/{fileId}/acts', 'post'>,
    ParamsOf<'/api/company-files/{fileId}/acts', 'post'>
  > = async (request) => {
    const access = await fileAccess(db, currentUserId(request), request.params.fileId);
    const userAgent = request.headers['user-agent'];
    return coFounders.acts.give(access, request.body, {
      ip: request.ip ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent : null,
    });
  };

  return {
    listFileMembers,
    inviteFileMember,
    resendFileInvitation,
    revokeFileMember,
    getInvitation,
    acceptInvitation,
    listSharedFiles,
    getSharedFile,
    leaveSharedFile,
    updateOwnPersonRecord,
    listFileActs,
    giveFileAct,
  };
}
