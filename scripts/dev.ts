/**
 * `npm run dev`: the API (restarted on change) on API_PORT (3000) and Vite with hot reload on 5173,
 * which proxies /api and /checkout to it. Links in e-mails and payment redirects point at Vite.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  // The server reads the wizard's steps and the catalog at start-up: an edit to them restarts it too.
  spawn(
    'node_modules/.bin/tsx',
    ['watch', '--clear-screen=false', '--include', 'schemas/**/*.json', 'server/main.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
    },
  ),
  spawn('node_modules/.bin/vite', [], {
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://localhost:${apiPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
