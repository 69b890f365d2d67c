import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { notifyError, notifyUndoable } from './toast';

describe('toasts', () => {
  it('a later error takes away an earlier upload’s Undo toast, so the two never sit side by side', async () => {
    render(<Toaster />);
    const undo = vi.fn();
    act(() => notifyUndoable({ title: 'Read “a.docx”', description: '120 words.', onUndo: undo }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => notifyError({ title: 'Could not read “b.pdf”', description: 'The file is a scanned image.' }));
    expect(await screen.findByText('Could not read “b.pdf”')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    expect(screen.queryByText('Read “a.docx”')).not.toBeInTheDocument();
    expect(undo).not.toHaveBeenCalled();
  });

  it('a read without text before it offers no Undo and is not taken away by an error', async () => {
    render(<Toaster />);
    act(() => notifyUndoable({ title: 'Read “c.txt”', description: '80 words.' }));
    expect(await screen.findByText('Read “c.txt”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    act(() => notifyError({ title: 'Failed to humanize text' }));
    expect(await screen.findByText('Failed to humanize text')).toBeInTheDocument();
    expect(screen.getByText('Read “c.txt”')).toBeInTheDocument();
  });
});
