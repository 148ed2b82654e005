import { LOGO_MAX_BYTES } from '@/shared/website';

/** The types the server accepts (it recognises them by their content; the browser's guess comes first). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The codes the server gives a refused logo: each has its words in website:errors. */
export const LOGO_CODES = [
  'LOGO_TOO_LARGE',
  'LOGO_SVG',
  'LOGO_TYPE',
  'LOGO_UNREADABLE',
  'LOGO_DIMENSIONS',
] as const;
export type LogoCode = (typeof LOGO_CODES)[number];

/** What the browser can tell of a file before sending it; the server's answer still decides. */
export function logoProblem(file: File): LogoCode | null {
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return 'LOGO_SVG';
  if (file.type !== '' && !(LOGO_TYPES as readonly string[]).includes(file.type)) return 'LOGO_TYPE';
  if (file.size > LOGO_MAX_BYTES) return 'LOGO_TOO_LARGE';
  return null;
}

export const isLogoCode = (code: string | null): code is LogoCode =>
  (LOGO_CODES as readonly unknown[]).includes(code);
