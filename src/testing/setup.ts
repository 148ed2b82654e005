import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetCatalog } from '@/lib/catalog/catalog';
import { endSession } from '@/lib/session/session';

// Every findBy*/waitFor in these tests waits for an event (a render, a mocked answer, a focus move),
// never for time to pass. On a busy CI machine (two cores shared with other suites) a Mantine page can
// take seconds to render in jsdom, and Testing Library's 1 s default failed tests that pass alone: the
// limits below only stop a test that would never pass, and a test's limit stays well above its waits.
// Vitest applies vi.setConfig from a setup file to every test file.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

// The test files of a worker share their modules (vite.config.ts): what a test leaves in them (a
// session, the catalog a mocked server answered) must not reach the next test, in this file or another.
afterEach(() => {
  cleanup();
  endSession();
  forgetCatalog();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

// jsdom lacks these browser APIs that Mantine uses (as in Mantine's own Vite template).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

const { getComputedStyle } = window;
window.getComputedStyle = (element) => getComputedStyle(element);
