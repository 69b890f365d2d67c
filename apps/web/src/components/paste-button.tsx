import { ClipboardPasteIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notifyError } from '@/lib/toast';

/**
 * "Paste Text" centred over an empty text area: reads the clipboard into it, or says how to paste by hand
 * when the browser will not hand the clipboard over.
 */
export function PasteButton({ onText }: { onText: (text: string) => void }) {
  async function onPaste() {
    try {
      const clip = await navigator.clipboard.readText();
      if (clip) onText(clip);
    } catch {
      notifyError({ title: "Couldn't read your clipboard", description: 'Paste with Ctrl+V (or Cmd+V) instead.' });
    }
  }
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <Button variant="outline" className="pointer-events-auto shadow-sm!" onClick={onPaste}>
        <ClipboardPasteIcon aria-hidden="true" />
        Paste Text
      </Button>
    </div>
  );
}
