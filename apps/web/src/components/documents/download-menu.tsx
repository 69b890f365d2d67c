import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDownIcon, DownloadIcon, FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DOWNLOAD_FORMATS, downloadText, type DownloadFormat } from '@/lib/documents/download';
import { notifyError } from '@/lib/toast';

/** "Download" with a choice of Word, Markdown or plain text; headings, lists and paragraphs are kept. */
export function DownloadMenu({
  text,
  label = 'Download',
  size = 'sm',
}: {
  text: string;
  label?: string;
  size?: 'sm' | 'default';
}) {
  const [busy, setBusy] = useState<DownloadFormat | null>(null);
  async function onPick(format: DownloadFormat) {
    setBusy(format);
    try {
      await downloadText(text, format);
    } catch {
      notifyError({ title: "Couldn't make the file", description: 'Please try again, or copy the text instead.' });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline" size={size} disabled={busy !== null} data-testid="download-button">
          {busy ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
          {label}
          <ChevronDownIcon aria-hidden="true" className="-mr-1 opacity-60" />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-52 rounded-lg border bg-card p-1 text-card-foreground shadow-lg outline-none"
        >
          <Menu.Label className="px-2 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">Download as</Menu.Label>
          {DOWNLOAD_FORMATS.map((f) => (
            <Menu.Item
              key={f.format}
              onSelect={() => void onPick(f.format)}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted"
              data-testid={`download-${f.format}`}
            >
              <FileTextIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="flex-1">{f.label}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{f.hint}</span>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
