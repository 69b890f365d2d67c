import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { Remaining } from '../lib/countdown';
import { Countdown } from './countdown';
import { PromoCode } from './promo-code';

export interface PromoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  badge: ReactNode;
  title: string;
  description: string;
  perks: string[];
  code: string;
  remaining: Remaining;
  onGoToPricing: () => void;
}

export function PromoDialog(p: PromoDialogProps) {
  return (
    <Dialog open={p.open} onOpenChange={p.onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <div className="mb-1 text-sm font-semibold text-primary">{p.badge}</div>
          <DialogTitle>{p.title}</DialogTitle>
          <DialogDescription>{p.description}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1.5 text-sm">
          {p.perks.map((perk) => (
            <li key={perk} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {perk}
            </li>
          ))}
        </ul>
        <PromoCode code={p.code} />
        <div>
          <p className="mb-2 text-sm font-medium">Offer ends in</p>
          <Countdown remaining={p.remaining} label={`${p.title} ends in`} />
        </div>
        <Button size="lg" className="w-full" onClick={p.onGoToPricing}>
          Go to Pricing
          <ArrowRightIcon aria-hidden="true" />
        </Button>
      </DialogContent>
    </Dialog>
  );
}
