import { cleanup, configure } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { preloadsSettled } from '../lib/preload';
import { fakeMediaQueryList } from './media-query';

afterEach(async () => {
  cleanup();
  // What one test kept for "after a reload" (a toast) must not show in the next.
  sessionStorage.clear();
  // A screen may have started loading a dialog it expects to need; let that finish inside the test, not
  // after its environment is gone.
  await preloadsSettled();
});

// jsdom implements neither scrolling nor media queries; the app and Carbon call both.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
}

// Screens are lazy-loaded chunks: on a busy 2-core CI machine the first render of one can take longer
// than Testing Library's 1 s default for findBy*/waitFor.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; Carbon's modal body and data table observe their size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
