import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type CompanyFileTimeline = components['schemas']['CompanyFileTimeline'];
export type CompanyFileEvent = components['schemas']['CompanyFileEvent'];
export type CompanyFileData = components['schemas']['CompanyFile']['data'];
export type CompanyFileStatus = components['schemas']['CompanyFileStatus'];

/** The error code of a date in the future or before 2000 (PUT /api/company-file/steps/{stepId}). */
export const STEP_DATE_OUT_OF_RANGE = 'STEP_DATE_OUT_OF_RANGE';

/** GET /api/company-file/events: what happened to the company file, oldest first. */
export async function fetchTimeline(): Promise<CompanyFileTimeline> {
  const { data } = await apiClient.GET('/api/company-file/events');
  if (!data) throw new ApiError('Empty answer', 'http');
  return data;
}

/**
 * GET /api/company-file: the wizard's answers (the checklist of what to bring and the filing guide are
 * made from them) and whether they are the submitted file (`submitted`), changed since (`amended`) or
 * never submitted (`new`, `draft`). Undefined status: an answer without one (older server).
 */
export async function fetchCompanyFile(): Promise<{
  data: CompanyFileData;
  status: CompanyFileStatus | undefined;
}> {
  const { data } = await apiClient.GET('/api/company-file');
  if (!data) throw new ApiError('Empty answer', 'http');
  return { data: data.data, status: data.status as CompanyFileStatus | undefined };
}

export type StepOutcome =
  { status: 'saved'; timeline: CompanyFileTimeline } | { status: 'out-of-range' | 'unknown-step' | 'failed' };

function codeOf(error: ApiError): unknown {
  const body = error.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>).code : undefined;
}

async function stepOutcome(request: Promise<{ data?: CompanyFileTimeline }>): Promise<StepOutcome> {
  try {
    const { data } = await request;
    return data ? { status: 'saved', timeline: data } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && codeOf(error) === STEP_DATE_OUT_OF_RANGE)
      return { status: 'out-of-range' };
    if (error instanceof ApiError && error.status === 404) return { status: 'unknown-step' };
    console.warn('The registration step could not be saved.', error);
    return { status: 'failed' };
  }
}

/** PUT /api/company-file/steps/{stepId}: the step is done, on `doneOn` (YYYY-MM-DD). */
export function markStep(stepId: string, doneOn: string): Promise<StepOutcome> {
  return stepOutcome(
    apiClient.PUT('/api/company-file/steps/{stepId}', {
      params: { path: { stepId } },
      body: { doneOn },
    }),
  );
}

/** DELETE /api/company-file/steps/{stepId}: the step is to do again. */
export function unmarkStep(stepId: string): Promise<StepOutcome> {
  return stepOutcome(apiClient.DELETE('/api/company-file/steps/{stepId}', { params: { path: { stepId } } }));
}

export type CompanyIdentifiersInput = components['schemas']['CompanyIdentifiersInput'];

export type IdentifiersOutcome =
  | { status: 'saved'; timeline: CompanyFileTimeline }
  | { status: 'invalid'; fields: Record<string, string> }
  | { status: 'failed' };

/** PUT /api/company-file/identifiers: the registered company's numbers (the server checks them again). */
export async function saveIdentifiers(input: CompanyIdentifiersInput): Promise<IdentifiersOutcome> {
  try {
    const { data } = await apiClient.PUT('/api/company-file/identifiers', { body: input });
    return data ? { status: 'saved', timeline: data } : { status: 'failed' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const fields = (error.body as { fields?: unknown } | undefined)?.fields;
      if (typeof fields === 'object' && fields !== null)
        return { status: 'invalid', fields: fields as Record<string, string> };
    }
    console.warn('The company numbers could not be saved.', error);
    return { status: 'failed' };
  }
}
