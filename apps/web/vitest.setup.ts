// @date-fns/tz's TZDate extends the global Date as its module is first evaluated. First loaded by
// a lazy page inside a test with fake timers, it would extend the fake Date and give every time in
// UTC for the rest of the worker's files (vitest.config.ts: one module graph a worker); loaded
// here, before any test, it extends the real one.
import '@date-fns/tz';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from './src/lib/session';
import { stubMatchMedia } from './src/testing/match-media';

// A page that loads its data renders within a second alone, but a machine running other suites
// beside this one (CI's, a developer's) can take several: findBy and waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine relies on.
stubMatchMedia();

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// The files of a worker run one after another in one module graph (vitest.config.ts): nothing a
// test changes may reach the next, whichever file it is in.
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  stubMatchMedia();
});
