/** Starts `vite preview` on the built SPA for scripts that need it; resolves with its URL. */
import { preview } from 'vite';

export async function startPreview(port = 0) {
  const server = await preview({
    preview: { port, strictPort: port !== 0, host: '127.0.0.1' },
    logLevel: 'silent',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its URL');
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}
