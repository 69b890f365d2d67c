import { FileUpIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DOCUMENTS } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { DocumentUpload } from '@/lib/documents/use-document-upload';
import { cn } from '@/lib/utils';

/** "Upload file": opens the picker for .docx, .pdf, .txt and .md (up to 10 MB). */
export function UploadButton({ upload, className }: { upload: DocumentUpload; className?: string }) {
  const { inputRef, onInputChange } = upload;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={upload.pick}
        disabled={upload.disabled}
        className={className}
        title="Word (.docx), PDF, .txt or .md, up to 10 MB"
        data-testid="upload-button"
      >
        {upload.reading ? <Spinner /> : <FileUpIcon aria-hidden="true" />}
        Upload file
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={DOCUMENTS.accept}
        className="sr-only"
        tabIndex={-1}
        aria-label="Upload a .docx, .pdf, .txt or .md file"
        onChange={onInputChange}
        data-testid="upload-input"
      />
    </>
  );
}

/** Wraps a text box: files dropped on it are read into it; shows the drop target and the reading state. */
export function DocumentDropZone({ upload, children }: { upload: DocumentUpload; children: ReactNode }) {
  const active = upload.dragging && !upload.disabled;
  return (
    <div className="relative" {...upload.dropHandlers} data-testid="drop-zone">
      {children}
      {(active || upload.reading) && (
        <div
          className={cn(
            'pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-4 text-center backdrop-blur-[1px]',
            active ? 'border-primary bg-primary/5' : 'border-transparent bg-card/80',
          )}
          role="status"
          aria-live="polite"
        >
          {upload.reading ? (
            <>
              <Spinner />
              <p className="max-w-full truncate text-sm font-medium">Reading “{upload.reading}”…</p>
            </>
          ) : (
            <>
              <FileUpIcon className="size-6 text-primary" aria-hidden="true" />
              <p className="text-sm font-medium">Drop your file to read its text</p>
              <p className="text-xs text-muted-foreground">.docx, .pdf, .txt or .md · up to 10 MB</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** Why the last file could not be read, until the next upload or a dismiss. */
export function UploadProblem({ upload }: { upload: DocumentUpload }) {
  if (!upload.problem) return null;
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm"
      data-testid="upload-problem"
    >
      <p className="flex min-w-0 items-start gap-2">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <span className="min-w-0 wrap-break-word">{upload.problem.message}</span>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="-m-1.5 size-7! shrink-0"
        onClick={upload.dismiss}
        aria-label="Dismiss"
      >
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
