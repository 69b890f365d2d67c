import { configDefaults, defineConfig } from 'vitest/config';
import { LONG_PROOFS } from './long-proofs.mjs';

// The proofs that take minutes (long-proofs.mjs) run only with TEST_LONG=1: `npm run test:proofs`, `npm run
// test:all` (`.ci/run`).

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_LONG === '1' ? [] : LONG_PROOFS)],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
