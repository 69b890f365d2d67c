// A worker that keeps allocating: the heap limit must stop it, not the server.
import { parentPort } from 'node:worker_threads';
parentPort.once('message', () => {
  const keep = [];
  for (;;) keep.push(new Array(1e5).fill({ a: Math.random() }));
});
