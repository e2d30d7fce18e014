import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` unless told not to; under our CSP (`default-src 'self'`)
// even its feature probe is reported as a violation. Must be imported before any schema is created.
// Imported from zod's core (the same global configuration as 'zod'), so the entry does not load the
// whole schema API before a screen needs it.
config({ jitless: true });
