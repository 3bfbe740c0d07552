// A worker's files share one module graph (vitest.config.ts), so a module's first load must not
// happen inside a test. @date-fns/tz's TZDate extends the global Date as its module is evaluated:
// first loaded by a lazy page under fake timers, it would extend the fake Date and give every time
// in UTC for the rest of the worker's files. A lazy page first loaded as a file's environment is
// torn down fails, and React.lazy keeps that failure for every later file. Both load here.
import '@date-fns/tz';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from './src/lib/session';
import { stubMatchMedia } from './src/testing/match-media';

import.meta.glob(['./src/features/**/*-page.tsx', './src/components/point-picker-map.tsx'], { eager: true });

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
