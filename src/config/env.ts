/**
 * The build-time environment, validated once. VITE_API_BASE_URL is optional: unset means
 * the API is served from the same origin as the SPA.
 */
function readApiBaseUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new Error(`VITE_API_BASE_URL must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export const env = {
  apiBaseUrl: readApiBaseUrl(import.meta.env.VITE_API_BASE_URL as string | undefined),
  isDev: import.meta.env.DEV,
} as const;
