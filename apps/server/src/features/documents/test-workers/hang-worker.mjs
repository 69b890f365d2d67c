// A worker that never answers: the extractor's timer must stop it.
import { parentPort } from 'node:worker_threads';
parentPort.once('message', () => {
  for (;;) {
    /* busy forever */
  }
});
