// The worker threads' entry (worker-pool.ts). Plain JavaScript, so that a thread starts the same under
// `node --import tsx`, Vitest or anything else: it registers tsx itself, then loads the TypeScript tasks.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./worker-tasks.ts');

export default tasks.runTask;
