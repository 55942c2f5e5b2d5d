import { config } from 'zod/v4/core';

/**
 * Zod compiles fast object parsers with `new Function`, and probes for it when the first object
 * schema is built. Our CSP has no 'unsafe-eval', so that probe is reported as a violation even though
 * zod recovers. Jitless mode skips both; the forms do not need the speed. Imported first by
 * main.tsx so it runs before any schema module is evaluated.
 */
config({ jitless: true });
