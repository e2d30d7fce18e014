// Zod compiles object parsers with `new Function` unless told not to; under our CSP (`default-src 'self'`)
// even its feature probe is reported as a violation. The setting must be in place before any schema is
// created. Zod keeps its global configuration in one object on `globalThis.__zod_globalConfig`, shared
// by every copy of zod a page loads and created by the first only if absent, so the entry sets it there
// without loading zod: a list's first screen carries no zod, and whichever chunk loads zod first finds
// the setting (zod-config.test.ts checks that zod reads it and compiles nothing).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// In place, as `z.config()` does: a zod already loaded keeps a reference to this object.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
