/** Operations tagged `companyFile`: getCompanyFile, saveCompanyFileDraft, submitCompanyFile. */
import type { CompanyFileService } from '../services/company-files';
import { currentUserId, type BodyOf, type Handler } from './types';

export function companyFileHandlers(files: CompanyFileService) {
  const getCompanyFile: Handler = (request) => files.get(currentUserId(request));

  const saveCompanyFileDraft: Handler<BodyOf<'/api/company-file/draft', 'post'>> = async (request, reply) => {
    const result = await files.saveDraft(currentUserId(request), request.body);
    if (result.saved) return result.file;
    // Another save came first: the client merges with `file` and retries from its revision.
    return reply.code(409).send({
      message: `The company file was saved elsewhere in the meantime (revision ${result.file.revision})`,
      error: 'Conflict',
      file: result.file,
    });
  };

  const submitCompanyFile: Handler<BodyOf<'/api/company-file/submit', 'post'>> = async (request, reply) => {
    const result = await files.submit(currentUserId(request), request.body.data);
    if (result.submitted) return result.file;
    const count = result.errors.length;
    return reply.code(422).send({
      message: `The company file is incomplete or invalid (${count} ${count === 1 ? 'problem' : 'problems'})`,
      error: 'Unprocessable Entity',
      errors: result.errors,
    });
  };

  return { getCompanyFile, saveCompanyFileDraft, submitCompanyFile };
}
