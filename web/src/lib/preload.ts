/** Loads started ahead of need and not yet settled. */
const pending = new Set<Promise<unknown>>();

/**
 * Starts loading code a screen is likely to need soon (a lazy dialog), without waiting for it. The
 * load starts in a task of its own, after the render that asked for it has reached the screen: a list
 * asks for its dialogs in the effect of the render that shows its first rows, and on a first visit their
 * code, with the libraries only forms need, would otherwise be asked for in the same task as the rows
 * (bench/bundle-size.ts, docs/benchmarks.md "Bundle size"). A failed load is ignored here: the lazy
 * component that needs the module loads it again and shows the error.
 */
export function preload(...loaders: (() => Promise<unknown>)[]): void {
  for (const load of loaders) {
    const loading: Promise<unknown> = new Promise((resolve) => setTimeout(resolve, 0))
      .then(load)
      .catch(() => undefined)
      .finally(() => pending.delete(loading));
    pending.add(loading);
  }
}

/** Resolves once every preload started so far has settled; tests wait for it before tearing down. */
export async function preloadsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
