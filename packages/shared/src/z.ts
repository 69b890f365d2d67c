/**
 * The one zod import of the shared schemas. Validation runs without zod's compiled fast path
 * (`jitless`): that path probes `new Function`, which the product's Content-Security-Policy forbids in
 * the browser (`script-src 'self'`, no 'unsafe-eval'), so the probe alone would be reported as a
 * violation on every page that loads a schema. The config is set before any schema is built, because
 * every shared module imports `z` from here.
 */
import { config, z } from 'zod';

config({ jitless: true });

export { z };
