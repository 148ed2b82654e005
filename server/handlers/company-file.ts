/** Operations tagged `companyFile`: getCompanyFile, saveCompanyFileDraft, submitCompanyFile. */
import type { Journey } from '../services/company-journey/journey';
import { VersionError, type CompanyFileService } from '../services/company-files';
import { SignaturesWouldBeVoided } from '../services/signing/void-guard';
import { currentUserId, type BodyOf, type Handler } from './types';

/** `limitSaves` throws a 429 once an account has saved too many drafts in a minute (services/accounts.ts). */
export function companyFileHandlers(
  files: CompanyFileService,
  journey: Journey,
  limitSaves: (userId: string) => Promise<void> = () => Promise.resolve(),
) {
  const getCompanyFile: Handler = (request) => files.get(currentUserId(request));

  /** A file of a version this server cannot bring to its own: said plainly, nothing saved. */
  const versionRefused = (reply: Parameters<Handler>[1], error: VersionError) =>
    reply.code(422).send({
      message: error.message,
      error: 'Unprocessable Entity',
      errors: [
        {
          step: null,
          path: '/version',
          keyword: 'version',
          params: {
            version: error.version,
            current: error.wizard.version,
            oldest: error.wizard.oldestVersion,
          },
        },
      ],
    });

  const saveCompanyFileDraft: Handler<BodyOf<'/api/company-file/draft', 'post'>> = async (request, reply) => {
    await limitSaves(currentUserId(request));
    let result;
    try {
      result = await files.saveDraft(currentUserId(request), request.body);
    } catch (error) {
      if (error instanceof VersionError) return versionRefused(reply, error);
      throw error;
    }
    if (result.saved) {
      await journey.fileSaved(currentUserId(request));
      return result.file;
    }
    // Another save came first: the client merges with `file` and retries from its revision.
    return reply.code(409).send({
      message: `The company file was saved elsewhere in the meantime (revision ${result.file.revision})`,
      error: 'Conflict',
      file: result.file,
    });
  };

  const submitCompanyFile: Handler<BodyOf<'/api/company-file/submit', 'post'>> = async (request, reply) => {
    let result;
    try {
      result = await files.submit(currentUserId(request), request.body);
    } catch (error) {
      if (error instanceof VersionError) return versionRefused(reply, error);
      // The answers differ from the signed documents: said before anything is saved (issue 35).
      if (error instanceof SignaturesWouldBeVoided)
        return reply.code(409).send({ message: error.message, error: 'Conflict', code: error.code });
      throw error;
    }
    if (result.submitted) {
      await journey.fileSubmitted(currentUserId(request));
      return result.file;
    }
    // Saved meanwhile (a co-founder's own record, another tab): the client merges `file`, then resubmits.
    if ('conflict' in result)
      return reply.code(409).send({
        message: `The company file was saved elsewhere in the meantime (revision ${result.conflict.revision})`,
        error: 'Conflict',
        code: 'REVISION_CONFLICT',
        file: result.conflict,
      });
    const count = result.errors.length;
    return reply.code(422).send({
      message: `The company file is incomplete or invalid (${count} ${count === 1 ? 'problem' : 'problems'})`,
      error: 'Unprocessable Entity',
      errors: result.errors,
    });
  };

  return { getCompanyFile, saveCompanyFileDraft, submitCompanyFile };
}
