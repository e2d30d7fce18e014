import { config } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to; under our CSP (`default-src 'self'`)
// even its feature probe is reported as a violation. Must be imported before any schema is created.
config({ jitless: true });
