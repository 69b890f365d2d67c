/** A file that could not be read, with the reason and a message the user can act on. */
import type { DocumentUnreadableReason } from '@plainspoken/shared';

export class DocumentError extends Error {
  constructor(
    public readonly reason: DocumentUnreadableReason,
    message: string,
  ) {
    super(message);
  }
}

export const MB = 1024 * 1024;
