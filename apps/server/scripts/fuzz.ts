/**
 * npm run test:fuzz: generated bad input to every endpoint of the built server (its own process, on a
 * throw-away PostgreSQL server; FUZZ_IN_PROCESS=1, or no initdb, fuzzes the app in this process on PGlite),
 * then NUL in every JSON field and query parameter (`q` among them) of every endpoint, over real HTTP.
 * FUZZ_CASES_PER_ENDPOINT (default 70) and FUZZ_SEED set the size and the seed. Exits 1 on any 5xx, stack
 * trace or refusal that changed stored state.
 */
import { formatFuzz, runFuzz } from '../src/test/fuzz';

const perEndpoint = Number(process.env.FUZZ_CASES_PER_ENDPOINT ?? 70);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
console.log(`fuzz seed ${seed}, ${perEndpoint} cases per endpoint`);
const f = await runFuzz({
  casesPerEndpoint: perEndpoint,
  seed,
  bundle: !process.env.FUZZ_IN_PROCESS,
  everyNulField: true,
  log: process.env.FUZZ_VERBOSE ? (s) => console.log(s) : undefined,
});
console.log(formatFuzz(f));
process.exit(f.fiveXx + f.stackTraces + f.refusalsThatChangedState === 0 ? 0 : 1);
