/**
 * Where a page's main-thread time goes at start, on a phone's CPU (4x slower): a Chrome trace from the
 * navigation until the network has been idle, and for each long task (over 50 ms) the kinds of work in it
 * (module evaluation, timers, layout…) and the source files its CPU samples fall in, read through the
 * build's source maps; a native call (appendChild, insertBefore) is told with its caller. Logged in as a
 * new user for the founder pages. The figures depend on how busy the machine is (its load is printed).
 * `tsx scripts/profile-start.ts /ai-powered-form [/documents …]` (a build in dist/ or SPA_DIR);
 * PROFILE_DETAIL=1 names the functions, PROFILE_ALL_EVENTS=1 lists every kind of trace event.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type CDPSession } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../tests/e2e/chromium';
import { createUser, refreshToken } from './bench-lighthouse';
import { startBenchServer } from './bench-server';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const routes = process.argv.slice(2);
if (routes.length === 0) throw new Error('Name the routes to profile, e.g. /ai-powered-form');
const LOGGED_OUT = new Set(['/', '/login', '/signup', '/plans']);

const spaDir = process.env.SPA_DIR ?? 'dist';
const maps = new Map<string, TraceMap | null>();

/** The source file and function a built script's position comes from (the build writes source maps). */
function original(url: string, line: number, column: number): string | null {
  const file = /\/assets\/[^/?#]+\.js$/.exec(url)?.[0];
  if (!file) return null;
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(readFileSync(path.join(spaDir, `${file}.map`), 'utf8')));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (!map) return null;
  const position = originalPositionFor(map, { line: line + 1, column });
  if (!position.source) return null;
  const source = position.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '~');
  return `${source}:${position.line}${position.name ? ` ${position.name}` : ''}`;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string };
}
interface ProfileChunk {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'toplevel',
  'loading',
];
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Each long task of the page's main thread (over 50 ms): what ran in it, by source file and by kind of work. */
function report(events: TraceEvent[]): void {
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      events.some((other) => other.pid === event.pid && other.name === 'ParseHTML'),
  );
  if (!main) throw new Error('No renderer main thread in the trace');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const navigation = onMain.find((event) => event.name === 'navigationStart' || event.name === 'ParseHTML');
  const origin = navigation?.ts ?? 0;
  // The CPU profile's samples, with their times (the trace's clock).
  const nodes = new Map<number, ProfileNode & { parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const event of events.filter((each) => each.name === 'ProfileChunk' && each.pid === main.pid)) {
    const data = event.args?.data as ProfileChunk | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, { ...node, ...nodes.get(node.id) });
    for (const node of data?.cpuProfile?.nodes ?? [])
      for (const child of node.children ?? [])
        nodes.set(child, { ...(nodes.get(child) as ProfileNode), parent: node.id });
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  // The profile's clock starts at the Profile event's startTime.
  const profileStart = events.find((each) => each.name === 'Profile' && each.pid === main.pid);
  const base = Number((profileStart?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  for (const sample of samples) sample.ts += base;
  const where = (id: number): string => {
    let node = nodes.get(id);
    let native = '';
    while (node && !node.callFrame.url && node.parent !== undefined) {
      native ||= node.callFrame.functionName;
      node = nodes.get(node.parent);
    }
    if (!node?.callFrame.url) return `(${node?.callFrame.functionName || native || 'native'})`;
    const frame = node.callFrame;
    const position = original(frame.url, frame.lineNumber, frame.columnNumber);
    // A native call (appendChild) is told with its caller's line, else by file.
    const detailed = native || process.env.PROFILE_DETAIL !== undefined;
    const source =
      (detailed ? position : position?.split(':')[0]) ??
      `${frame.url.replace(/^https?:\/\/[^/]+/, '')}${native ? ` ${frame.functionName}@${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    return native ? `${source} [${native}]` : source;
  };
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter(
      (event) => event.ts >= task.ts && event.ts < end && event !== task && event.ph === 'X',
    );
    const kinds = new Map<string, number>();
    for (const event of inside) {
      if (
        process.env.PROFILE_ALL_EVENTS === undefined &&
        ![
          'EvaluateScript',
          'v8.evaluateModule',
          'v8.compile',
          'v8.compileModule',
          'FunctionCall',
          'TimerFire',
          'FireAnimationFrame',
          'UpdateLayoutTree',
          'Layout',
          'ParseHTML',
          'ParseAuthorStyleSheet',
          'RunMicrotasks',
          'MajorGC',
          'MinorGC',
          'Paint',
          'PrePaint',
          'Layerize',
          'EventDispatch',
          'XHRReadyStateChange',
          'ResourceReceivedData',
          'v8.run',
          'RecalculateStyles',
          'HitTest',
          'ScheduleStyleRecalculation',
        ].includes(event.name)
      )
        continue;
      const data = event.args?.data as { url?: string; functionName?: string } | undefined;
      const url = String(data?.url ?? '').replace(/^https?:\/\/[^/]+/, '');
      const key = `${event.name}${url ? ` ${url}` : ''}`;
      kinds.set(key, (kinds.get(key) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const bySource = new Map<string, number>();
    let previous = task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts >= end) continue;
      const key = where(sample.node);
      bySource.set(key, (bySource.get(key) ?? 0) + (sample.ts - previous) / 1000);
      previous = sample.ts;
    }
    blocking += Math.max(0, (task.dur ?? 0) / 1000 - 50);
    console.log(
      `-- task at ${((task.ts - origin) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms`,
    );
    console.log(
      `   work: ${top(kinds, 8)
        .map((line) => line.trim())
        .join(' | ')}`,
    );
    console.log(
      `   code: ${top(bySource, 12)
        .map((line) => line.trim())
        .join(' | ')}`,
    );
  }
  console.log(`-- ${tasks.length} long tasks, ${blocking.toFixed(0)} ms over 50 ms in all`);
}

const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);

const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
try {
  const email = await createUser(server);
  for (const route of routes) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      locale: 'fr-FR',
      isMobile: true,
      hasTouch: true,
    });
    if (!LOGGED_OUT.has(route)) {
      await context.addCookies([
        {
          name: 'refresh_token',
          value: await refreshToken(server, email),
          url: `${server.url}/api/auth`,
          httpOnly: true,
          sameSite: 'Lax',
        },
        { name: 'kreo_session', value: '1', url: server.url, sameSite: 'Lax' },
      ]);
    }
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const seen = await page.evaluate(() => ({
      fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
      path: location.pathname,
    }));
    console.log(
      `\n== ${route} (ended on ${seen.path}), FCP ${seen.fcp} ms, CPU 4x slower, load ${loadAverage()}`,
    );
    report(trace.traceEvents);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
