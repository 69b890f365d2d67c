import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Proofs that take minutes (load and faults on a real PostgreSQL, a rolling restart behind nginx, several server
 * processes each), and the tests that start server processes of their own (signals, the database lock, an
 * outage) or sweep every endpoint: not part of the fast default loop (`npm test`, decision 0039).
 * `npm run test:proofs` runs them, and so does `npm run test:all` (`.ci/run`) or any run with TEST_LONG=1.
 * The proofs' full-length forms are `npm run test:load` and `npm run test:faults`.
 */
const LONG_PROOFS = [
  'src/proof.test.ts',
  'src/deploy.nginx.test.ts',
  'src/process.test.ts',
  'src/db/*.process.test.ts',
  'src/security-sweeps.test.ts',
];

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
