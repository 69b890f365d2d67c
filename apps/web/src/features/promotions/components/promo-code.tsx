import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/toast';
import { copyText } from '@/lib/utils';

export function PromoCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);

  async function onCopy() {
    try {
      await copyText(code);
      setCopied(true);
      notifySuccess({ title: MSG.copied, description: `Promo code ${code} copied to clipboard` });
    } catch {
      notifyError({ title: MSG.copyFailed, description: `Please copy the code manually: ${code}` });
    }
  }

  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border-2 border-dashed border-primary/50 bg-accent/40 px-4 py-3">
      <div>
        <div className="text-xs text-muted-foreground">Your code</div>
        <code className="text-xl font-bold tracking-wider select-all" data-testid="promo-code">
          {code}
        </code>
      </div>
      <Button variant="outline" size="sm" onClick={onCopy} aria-label={`Copy code ${code}`}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}
