import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from './src/lib/session';
import { stubMatchMedia } from './src/testing/match-media';

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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  stubMatchMedia();
});
