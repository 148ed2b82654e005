/**
 * `npm test`: every check, in stages; the independent steps of a stage run side by side, and the time
 * each took is printed at the end, so that a slow stage shows before CI's limit is near.
 * Stops after the first stage that fails. `--from <step>` starts at a step (e.g. after fixing it).
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

interface Step {
  name: string;
  command: string;
}

/** Stages run one after the other; the steps of one stage run at the same time. */
const STAGES: Step[][] = [
  [{ name: 'system packages', command: 'bash scripts/install-test-deps.sh' }],
  [
    { name: 'typecheck', command: 'npm run --silent typecheck' },
    { name: 'lint', command: 'npm run --silent lint' },
  ],
  [
    { name: 'locales', command: 'npm run --silent check:locales' },
    { name: 'forms', command: 'npm run --silent check:forms' },
    { name: 'API contract', command: 'npm run --silent check:api' },
  ],
  [{ name: 'unit (Vitest)', command: 'npm run --silent test:unit' }],
  [
    // The two databases are independent: each server suite takes its own database per file.
    { name: 'server on PGlite', command: 'npm run --silent test:server' },
    { name: 'server on PostgreSQL', command: 'npm run --silent test:server:pg' },
    { name: 'build', command: 'npm run --silent build' },
  ],
  [{ name: 'end-to-end (Playwright)', command: 'npx playwright test' }],
];

const { values } = parseArgs({ options: { from: { type: 'string' } } });

interface Outcome {
  step: Step;
  seconds: number;
  code: number;
}

/** Runs one step; alone it streams its output, beside others its output is printed whole when it ends. */
function run(step: Step, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone) {
        console.log(`\n── ${step.name} (${seconds.toFixed(0)} s) ──`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ step, seconds, code: code ?? 1 });
    });
  });
}

const format = (seconds: number) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`
    : `${seconds.toFixed(1)} s`;

const startAt = values.from
  ? STAGES.findIndex((stage) => stage.some((step) => step.name.startsWith(values.from ?? '')))
  : 0;
if (startAt < 0) {
  console.error(
    `No step named "${values.from}". Steps: ${STAGES.flat()
      .map((step) => step.name)
      .join(', ')}`,
  );
  process.exit(2);
}

const started = performance.now();
const outcomes: Outcome[] = [];
const stageTimes: number[] = [];
let failed = false;
for (const stage of STAGES.slice(startAt)) {
  const stageStarted = performance.now();
  if (stage.length > 1) console.log(`\n▶ ${stage.map((step) => step.name).join(' ‖ ')}`);
  else console.log(`\n▶ ${stage[0]?.name}`);
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  outcomes.push(...results);
  stageTimes.push((performance.now() - stageStarted) / 1000);
  if (results.some((result) => result.code !== 0)) {
    failed = true;
    break;
  }
}

const total = (performance.now() - started) / 1000;
console.log('\nStep durations (steps joined by ‖ ran side by side):');
let index = 0;
for (const [position, stage] of STAGES.slice(startAt).entries()) {
  const ran = outcomes.slice(index, index + stage.length);
  if (ran.length === 0) break;
  index += ran.length;
  for (const outcome of ran)
    console.log(
      `  ${outcome.code === 0 ? '✓' : '✗'} ${outcome.step.name.padEnd(26)} ${format(outcome.seconds).padStart(12)}`,
    );
  if (stage.length > 1)
    console.log(
      `    ${'(stage, side by side)'.padEnd(26)} ${format(stageTimes[position] ?? 0).padStart(12)}`,
    );
}
console.log(`  ${'total'.padEnd(28)} ${format(total).padStart(12)}`);
if (failed) {
  const failures = outcomes.filter((outcome) => outcome.code !== 0).map((outcome) => outcome.step.name);
  console.error(`\nFailed: ${failures.join(', ')}`);
  process.exit(1);
}
