/**
 * The one zod import of the shared schemas. Validation runs without zod's compiled fast path
 * (`jitless`): that path probes `new Function`, which the product's Content-Security-Policy forbids in
 * the browser (`script-src 'self'`, no 'unsafe-eval'), so the probe alone would be reported as a
 * violation on every page that loads a schema. The config is set by the same statement that makes `z`, so
 * the browser build (which treats the shared modules as free of side effects, to drop the schemas a page does
 * not use) keeps it wherever a schema is kept, and before that schema is built.
 */
import { config, z as zod } from 'zod';

function configured(): typeof zod {
  config({ jitless: true });
  return zod;
}

export const z = configured();

/** The types a schema accepts and gives (`z.input`, `z.infer`); `z` itself is a value here. */
export type { input as Input, infer as Infer } from 'zod';
