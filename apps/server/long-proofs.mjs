/**
 * Proofs that take minutes (load and faults on a real PostgreSQL, a rolling restart behind nginx, several server
 * processes each), and the tests that start server processes of their own (signals, the database lock, an
 * outage) or sweep every endpoint, relative to apps/server. They are not part of the fast default loop
 * (`npm test`, decision 0039). `npm run test:proofs` and `npm run test:all` run them one file at a time after the
 * other tests: each starts processes that need the machine's cores to themselves to prove what they prove.
 */
export const LONG_PROOFS = [
  'src/proof.test.ts',
  'src/deploy.nginx.test.ts',
  'src/process.test.ts',
  'src/db/lock.process.test.ts',
  'src/db/outage.process.test.ts',
  'src/security-sweeps.test.ts',
];
