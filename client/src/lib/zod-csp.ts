/**
 * Zod compiles fast object parsers with `new Function`, and probes for it when the first object
 * schema is built. Our CSP has no 'unsafe-eval', so that probe is reported as a violation even though
 * zod recovers. Jitless mode skips both; the forms do not need the speed. Imported first by
 * main.tsx so it runs before any schema module is evaluated.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and merges into what it finds there, so
 * setting it here does what `config({ jitless: true })` does without pulling zod into the entry
 * chunk: the schemas only load with the forms and pages that use them.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
