import { GraduationCapIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PROMOTIONS } from '@plainspoken/shared';
import { paths } from '@/config/paths';
import { startBackToSchool, useRedeemedCodes } from '@/lib/promotion';
import { remainingUntil, type Remaining } from '../lib/countdown';
import { promoKeys, readFlag, writeFlag } from '../lib/storage';
import { useNow } from '../lib/use-clock';
import { FloatingPromoButton } from './floating-promo-button';
import { PromoDialog } from './promo-dialog';

const SALE = PROMOTIONS.backToSchool;

/**
 * Back-to-school sale (spec decision 9): while the campaign switch is on, an account's 48-hour window starts
 * the first time the floating button would be shown to it, on the server, so every browser counts down to
 * the same end (the server refuses the code after it). The dialog opens only from that button; both vanish
 * when the countdown reaches zero.
 */
export function BackToSchoolSale({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const now = useNow();
  const qc = useQueryClient();
  const server = useRedeemedCodes(userId);
  const redeemed = server.redeemed.includes(SALE.code) || readFlag('local', promoKeys.backToSchoolRedeemed(userId));
  const [hidden, setHidden] = useState(() => readFlag('session', promoKeys.backToSchoolButtonHidden(userId)));
  const [open, setOpen] = useState(false);

  // The spec's browser record follows the server: redeemed once a checkout with the code completed.
  useEffect(() => {
    if (server.redeemed.includes(SALE.code)) writeFlag('local', promoKeys.backToSchoolRedeemed(userId));
  }, [server.redeemed, userId]);
  const end = server.backToSchool ? Date.parse(server.backToSchool.endsAt) : null;
  const visible = !redeemed && end !== null && now < end;

  // No window yet for this account: the button is about to be shown, so the server starts it (once).
  const starting = useRef(false);
  const needsStart = server.loaded && server.backToSchool === null && !redeemed;
  useEffect(() => {
    if (!needsStart || starting.current) return;
    starting.current = true;
    startBackToSchool(qc, userId).catch(() => {
      // Offline or refused: no offer is shown without the server's window; the next visit tries again.
    });
  }, [needsStart, qc, userId]);

  if (end === null) return null;

  if (!visible) return null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) writeFlag('session', promoKeys.backToSchoolDismissed(userId));
  }

  // Going to pricing is not redeeming: the code counts as used when a checkout with it completes.
  function onGoToPricing() {
    setOpen(false);
    writeFlag('session', promoKeys.backToSchoolDismissed(userId));
    void navigate(paths.pricing);
  }

  return (
    <>
      <PromoDialog
        open={open}
        onOpenChange={onOpenChange}
        badge="Back-to-school sale · 48 hours only"
        title="Back to school: 40% off"
        description="40% off every plan, plus an additional 40% off yearly plans. Use the code at checkout."
        perks={['40% off all plans', 'An additional 40% off yearly plans', 'Ends when the countdown reaches zero']}
        code={SALE.code}
        remaining={remainingUntil(end, now)}
        onGoToPricing={onGoToPricing}
      />
      {!open && !hidden && (
        <FloatingPromoButton
          onClick={() => setOpen(true)}
          onDismiss={() => {
            writeFlag('session', promoKeys.backToSchoolButtonHidden(userId));
            setHidden(true);
          }}
          label="Open the back-to-school sale"
          tabLabel="40% off"
          testId="back-to-school-button"
          edge="middle"
          stripText={
            <>
              <GraduationCapIcon aria-hidden="true" />
              <span className="truncate">
                <strong className="font-semibold">Back to school: 40% off</strong> ·{' '}
                {formatLeft(remainingUntil(end, now))} left
              </span>
            </>
          }
          pulseEveryMs={SALE.pulseEveryMs}
          pulseForMs={SALE.pulseForMs}
        >
          <GraduationCapIcon className="size-4" aria-hidden="true" />
          40% off
        </FloatingPromoButton>
      )}
    </>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "47:59:12" (hours run past 24: the window is 48 hours). */
function formatLeft(r: Remaining): string {
  return `${r.days * 24 + r.hours}:${pad(r.minutes)}:${pad(r.seconds)}`;
}
