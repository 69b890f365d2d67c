import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingPeriod, PaidTier, PlanChangePreview } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { announceSubscriptionChange } from '@/lib/subscription';
import { notifySuccess } from '@/lib/toast';
import { changePlan, previewPlanChange } from '../api/plan-change';

const usd = (v: number) => `$${v.toFixed(2)}`;
const unit = (p: BillingPeriod) => (p === 'yearly' ? 'year' : 'month');
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const message = (e: unknown) => (isApiError(e) ? e.message : 'Something went wrong. Please try again.');

/** The confirmation of a plan change: the server's proration (credit, charge, due now, next payment), then the change. */
export function PlanChangeDialog({
  target,
  onClose,
}: {
  target: { tier: PaidTier; period: BillingPeriod; label: string } | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['plan-change-preview', target?.tier, target?.period],
    queryFn: () => previewPlanChange({ planTier: target!.tier, billingPeriod: target!.period }),
    enabled: target !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const preview: PlanChangePreview | null = target ? (q.data ?? null) : null;
  const shownError = error ?? (q.error ? message(q.error) : null);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      const r = await changePlan({ planTier: target.tier, billingPeriod: target.period });
      announceSubscriptionChange(qc);
      notifySuccess({
        title: r.applied ? `You are now on the ${target.tier} plan` : `Changing to the ${target.tier} plan`,
        description: r.applied ? undefined : 'It shows on your account as soon as the payment provider confirms it.',
      });
      setError(null);
      onClose();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(o) => {
        if (o || busy) return;
        setError(null);
        onClose();
      }}
    >
      <DialogContent data-testid="plan-change-dialog">
        <DialogHeader>
          <DialogTitle>
            {target ? `${target.label}: ${target.tier}, billed ${target.period}` : 'Change plan'}
          </DialogTitle>
          <DialogDescription>
            The change takes effect now. The unused part of your current plan is credited.
          </DialogDescription>
        </DialogHeader>
        {shownError ? (
          <p role="alert" className="text-sm text-destructive">
            {shownError}
          </p>
        ) : !preview ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-busy="true">
            <Spinner /> Working out the price…
          </p>
        ) : (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid="proration">
            <dt className="text-muted-foreground">
              Credit for the unused part of {preview.from.tier} ({preview.from.period})
            </dt>
            <dd className="text-right tabular-nums">−{usd(preview.credit)}</dd>
            <dt className="text-muted-foreground">
              {preview.to.tier} ({preview.to.period}){' '}
              {preview.from.period === preview.to.period
                ? 'for the rest of this period'
                : `for the first ${unit(preview.to.period)}`}
            </dt>
            <dd className="text-right tabular-nums">{usd(preview.charge)}</dd>
            <dt className="font-semibold">Due now</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="due-now">
              {usd(preview.dueNow)}
            </dd>
            {preview.carriedCredit > 0 && (
              <>
                <dt className="text-muted-foreground">Credit toward your next payments</dt>
                <dd className="text-right tabular-nums">{usd(preview.carriedCredit)}</dd>
              </>
            )}

            <dd className="col-span-2 pt-1 text-muted-foreground" data-testid="next-payment">
              Then {usd(preview.nextAmount)} a {unit(preview.to.period)}
              {preview.nextBilledAt ? ` from ${day(preview.nextBilledAt)}` : ''}.
            </dd>
          </dl>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep my plan
          </Button>
          <Button onClick={() => void confirm()} disabled={!preview || busy}>
            {busy && <Spinner />}
            Confirm change
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
