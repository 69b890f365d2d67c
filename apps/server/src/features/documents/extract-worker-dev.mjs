// Worker entry used when running from TypeScript sources (tests, dev): registers tsx inside the worker
// thread, whose module loader does not inherit the parent's hooks, then loads the real worker.
import { register } from 'tsx/esm/api';

register();
await import('./extract-worker.ts');
