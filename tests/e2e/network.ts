import type { Page, Request } from '@playwright/test';

/**
 * Follows a page's requests from now on. `settled()` resolves once the page has nothing left to ask for:
 * no request in flight, and none started by what the last answers rendered. It waits on the requests'
 * own events and the page's frames, where Playwright's 'networkidle' waits for 500 ms of silence after
 * every page (a fixed time, spent on each page, that still guesses on a machine slow enough).
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let started = 0;
  let onIdle: (() => void)[] = [];
  page.on('request', (request) => {
    started += 1;
    inFlight.add(request);
  });
  const ended = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size > 0) return;
    for (const resolve of onIdle) resolve();
    onIdle = [];
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);

  const idle = () =>
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => onIdle.push(resolve));

  return {
    async settled() {
      for (;;) {
        const before = started;
        // Two frames: React has committed what arrived and run the effects that start new requests.
        await nextFrames(page);
        await idle();
        if (started === before) return;
      }
    },
  };
}

/** Resolves after the page has drawn two more frames (what a change of state or of size brings is on screen). */
export function nextFrames(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}
