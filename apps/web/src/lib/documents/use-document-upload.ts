/**
 * One upload flow shared by the upload button and the drop zone of a text box: the file is checked in
 * the browser (type, size), read by the server, and its text replaces the box's text as if pasted (the
 * word counter and caps then apply as usual). The previous text can be restored from the toast.
 */
import { useCallback, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { isApiError } from '@/lib/api';
import { dismissUndoToasts } from '@/lib/toast';

export interface DocumentUpload {
  /** Opens the file picker. */
  pick: () => void;
  /** Props for the hidden file input. */
  inputRef: React.RefObject<HTMLInputElement | null>;
  onInputChange: (e: ChangeEvent<HTMLInputElement>) => void;
  /** Handlers for the element files are dropped on. */
  dropHandlers: {
    onDragEnter(e: DragEvent): void;
    onDragOver(e: DragEvent): void;
    onDragLeave(e: DragEvent): void;
    onDrop(e: DragEvent): void;
  };
  dragging: boolean;
  /** The name of the file being read, or null. */
  reading: string | null;
  /** Why the last file could not be read (cleared by the next upload, an edit, or dismiss()). */
  problem: { name: string; message: string } | null;
  dismiss: () => void;
  disabled: boolean;
}

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

export function useDocumentUpload(opts: {
  text: string;
  onText: (text: string) => void;
  disabled?: boolean;
}): DocumentUpload {
  const { text, onText } = opts;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState<string | null>(null);
  const [problem, setProblem] = useState<DocumentUpload['problem']>(null);
  const depth = useRef(0);
  const disabled = !!opts.disabled || reading !== null;

  const read = useCallback(
    async (file: File) => {
      setProblem(null);
      setReading(file.name);
      try {
        // The reading code is not part of the page's first load; it comes with the first file.
        const { readDocumentInto } = await import('./extract');
        await readDocumentInto(file, text, onText);
      } catch (e) {
        const message = isApiError(e) && e.message ? e.message : `“${file.name}” could not be read. Please try again.`;
        setProblem({ name: file.name, message });
        // An earlier file's Undo toast is stale once a later file failed: it would sit beside this error.
        dismissUndoToasts();
      } finally {
        setReading(null);
      }
    },
    [text, onText],
  );

  const takeFiles = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file || disabled) return;
    void read(file);
  };

  return {
    pick: () => inputRef.current?.click(),
    inputRef,
    onInputChange(e) {
      takeFiles(e.target.files);
      e.target.value = ''; // the same file can be picked again
    },
    dropHandlers: {
      onDragEnter(e) {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current++;
        setDragging(true);
      },
      onDragOver(e) {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      },
      onDragLeave(e) {
        if (!hasFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop(e) {
        if (!hasFiles(e)) return; // dropped text is the text box's own business
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        takeFiles(e.dataTransfer.files);
      },
    },
    dragging,
    reading,
    problem,
    dismiss: () => setProblem(null),
    disabled,
  };
}
