import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENTS } from '@plainspoken/shared';
import { useDocumentUpload } from '@/lib/documents/use-document-upload';
import { DocumentDropZone, UploadButton, UploadProblem } from './document-upload';

function Box({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const upload = useDocumentUpload({ text, onText: setText });
  return (
    <div>
      <UploadButton upload={upload} />
      <DocumentDropZone upload={upload}>
        <textarea aria-label="Text" value={text} onChange={(e) => setText(e.target.value)} />
      </DocumentDropZone>
      <UploadProblem upload={upload} />
    </div>
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('uploading a document into a text box', () => {
  it('refuses a file type it does not read, and a file over 10 MB, without sending them', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<Box />);
    const input = screen.getByTestId('upload-input');
    await userEvent.upload(input, new File(['x'], 'slides.pptx'), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“slides.pptx” is not a file type we read. Upload a .docx, .pdf, .txt or .md file.',
    );
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: DOCUMENTS.maxBytes + 1 });
    await userEvent.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('“big.pdf” is larger than 10 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the file as the body with its name, and puts the text in the box', async () => {
    const fetchMock = vi.fn(async () => json(200, { kind: 'docx', text: '# Title\n\nBody text.' }));
    vi.stubGlobal('fetch', fetchMock);
    render(<Box />);
    const file = new File(['PK'], 'My report.docx');
    await userEvent.upload(screen.getByTestId('upload-input'), file);
    await waitFor(() => expect(screen.getByLabelText('Text')).toHaveValue('# Title\n\nBody text.'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${DOCUMENTS.extractPath}?name=My%20report.docx`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
  });

  it('shows the server’s reason when a dropped file cannot be read, and keeps the text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          error: {
            code: 'DOCUMENT_UNREADABLE',
            message: '“scan.pdf” has no text layer.',
            details: { reason: 'scanned' },
          },
        }),
      ),
    );
    render(<Box initial="Keep me." />);
    const box = screen.getByLabelText('Text');
    const file = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragEnter(box, { dataTransfer });
    expect(screen.getByText('Drop your file to read its text')).toBeInTheDocument();
    fireEvent.drop(box, { dataTransfer });
    expect(await screen.findByRole('alert')).toHaveTextContent('“scan.pdf” has no text layer.');
    expect(box).toHaveValue('Keep me.');
    expect(screen.queryByText('Drop your file to read its text')).not.toBeInTheDocument();
  });
});
