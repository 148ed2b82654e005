/**
 * The builder's calls to the API (openapi/openapi.yaml, the website operations), through the one client.
 * Each resolves with the answer's data or rejects with the client's ApiError.
 */
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { WebsiteContent } from '@/shared/website';

export type Website = components['schemas']['Website'];
export type WebsiteMessage = components['schemas']['WebsiteMessage'];
export type WebsiteMessageList = components['schemas']['WebsiteMessageList'];
export type SlugCheck = components['schemas']['WebsiteSlugCheck'];
export type WebsiteDomain = components['schemas']['WebsiteDomain'];

function dataOf<T>({ data }: { data?: T }): T {
  // A 2xx without the body the contract promises: treated as a failed call.
  if (data === undefined) throw new ApiError('Empty answer', 'http');
  return data;
}

/** An image file sent as its bytes (uploadWebsiteLogo, uploadWebsitePhoto). */
function imageBody(file: Blob) {
  return {
    // The contract types a binary body as a string; the client sends the Blob untouched.
    body: file as unknown as string,
    bodySerializer: (body: unknown) => body,
    headers: { 'Content-Type': 'application/octet-stream' },
  };
}

export const websiteApi = {
  load: (signal?: AbortSignal) => apiClient.GET('/api/website', { signal }).then(dataOf),
  saveDraft: (content: WebsiteContent, keepalive = false) =>
    apiClient.POST('/api/website/draft', { body: { content }, keepalive }).then(dataOf),
  /** The body is the file itself (the server recognises the image by its content). */
  uploadLogo: (file: Blob) => apiClient.POST('/api/website/logo', imageBody(file)).then(dataOf),
  deleteLogo: () => apiClient.POST('/api/website/logo/delete').then(dataOf),
  /** A photo added at the end of the gallery; the body is the file itself. */
  uploadPhoto: (file: Blob) => apiClient.POST('/api/website/photos', imageBody(file)).then(dataOf),
  deletePhoto: (photoId: string) =>
    apiClient.POST('/api/website/photos/{photoId}/delete', { params: { path: { photoId } } }).then(dataOf),
  checkSlug: (slug: string, signal?: AbortSignal) =>
    apiClient.GET('/api/website/slug-availability', { params: { query: { slug } }, signal }).then(dataOf),
  publish: (slug: string) => apiClient.POST('/api/website/publish', { body: { slug } }).then(dataOf),
  unpublish: () => apiClient.POST('/api/website/unpublish').then(dataOf),
  setDomain: (domain: string) => apiClient.POST('/api/website/domain', { body: { domain } }).then(dataOf),
  verifyDomain: () => apiClient.POST('/api/website/domain/verify').then(dataOf),
  removeDomain: () => apiClient.POST('/api/website/domain/delete').then(dataOf),
  listMessages: (signal?: AbortSignal) => apiClient.GET('/api/website/messages', { signal }).then(dataOf),
  markRead: (id: string) =>
    apiClient.POST('/api/website/messages/{id}/read', { params: { path: { id } } }).then(dataOf),
};

const bodyField = (error: unknown, field: string): unknown =>
  error instanceof ApiError && typeof error.body === 'object' && error.body !== null
    ? (error.body as Record<string, unknown>)[field]
    : undefined;

/** The `code` of a refused call (LOGO_TYPE, SLUG_TAKEN…), if the server gave one. */
export function errorCode(error: unknown): string | null {
  const code = bodyField(error, 'code');
  return typeof code === 'string' && code !== '' ? code : null;
}

/** Whether the server refused the call for coming too often (429): a limit, not a failure. */
export const isTooMany = (error: unknown): boolean => error instanceof ApiError && error.status === 429;

/** The `fields` of a WEBSITE_INCOMPLETE answer: each wrong field's dotted path and its problem. */
export function incompleteFields(error: unknown): Record<string, string> {
  const fields = bodyField(error, 'fields');
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
