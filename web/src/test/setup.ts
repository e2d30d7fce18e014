import { cleanup, configure } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { preloadsSettled } from '../lib/preload';
import { fakeMediaQueryList } from './media-query';
import { prefilterStyleRules } from './style-rule-prefilter';

afterEach(async () => {
  cleanup();
  // What one test kept for "after a reload" (a toast) or for the next visit must not show in the next
  // test, nor in the next file: the web project runs a worker's files in one window (isolate: false).
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  // A screen may have started loading a dialog it expects to need; let that finish inside the test, not
  // after its environment is gone.
  await preloadsSettled();
});

prefilterStyleRules(document);

// jsdom implements neither scrolling nor media queries; the app and Carbon call both.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
}

// Screens are lazy-loaded chunks: on a busy 2-core CI machine, two test files at a time beside the
// server suite, the first render of one can take many seconds. findBy*/waitFor return as soon as what
// they wait for is there; this is only how long they wait before a test fails.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no ResizeObserver; Carbon's modal body and data table observe their size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
