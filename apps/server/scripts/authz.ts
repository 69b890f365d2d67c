/**
 * npm run test:authz: every endpoint × {signed out, user A, user B, admin} on PGlite; prints the status
 * matrix and exits 1 on any cross-user read or write, or an admin endpoint reachable by a non-admin.
 */
import { formatAuthz, runAuthz } from '../src/test/authz';

const f = await runAuthz({ log: process.env.AUTHZ_VERBOSE ? (s) => console.log(s) : undefined });
console.log(formatAuthz(f));
const bad = f.crossUserReads.length + f.crossUserWrites.length + f.adminReachable.length;
process.exit(bad === 0 && f.ownReadsSeen > 0 && f.ownWritesSeen > 0 ? 0 : 1);
