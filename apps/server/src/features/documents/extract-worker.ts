/**
 * The extraction worker: one thread per file, started with heap limits and stopped on a timer by
 * documents.service.ts. It reads one file and posts back the text or the reason it could not be read.
 */
import { parentPort } from 'node:worker_threads';
import { DocumentError } from './document-error';
import { extractDocument, type ReadDocument } from './extract';

export interface ExtractRequest {
  name: string;
  bytes: Uint8Array;
}
export type ExtractReply =
  { ok: true; doc: ReadDocument } | { ok: false; reason: DocumentError['reason']; message: string };

parentPort?.once('message', (req: ExtractRequest) => {
  extractDocument(req.name, req.bytes).then(
    (doc) => parentPort?.postMessage({ ok: true, doc } satisfies ExtractReply),
    (e: unknown) => {
      const reply: ExtractReply =
        e instanceof DocumentError
          ? { ok: false, reason: e.reason, message: e.message }
          : {
              ok: false,
              reason: 'corrupt',
              message: `“${req.name}” is damaged or in a form we cannot read, so it was not read.`,
            };
      parentPort?.postMessage(reply);
    },
  );
});
