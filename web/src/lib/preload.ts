/** Loads started ahead of need and not yet settled. */
const pending = new Set<Promise<unknown>>();

/**
 * Starts loading code a screen is likely to need soon (a lazy dialog), without waiting for it. A failed
 * load is ignored here: the lazy component that needs the module loads it again and shows the error.
 */
export function preload(...loaders: (() => Promise<unknown>)[]): void {
  for (const load of loaders) {
    const loading: Promise<unknown> = load()
      .catch(() => undefined)
      .finally(() => pending.delete(loading));
    pending.add(loading);
  }
}

/** Resolves once every preload started so far has settled; tests wait for it before tearing down. */
export async function preloadsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
