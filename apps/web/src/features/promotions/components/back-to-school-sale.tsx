import { GraduationCapIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PROMOTIONS } from '@plainspoken/shared';
import { paths } from '@/config/paths';
import { remainingUntil } from '../lib/countdown';
import { promoKeys, readFlag, readTimestamp, writeFlag, writeTimestamp } from '../lib/storage';
import { useNow } from '../lib/use-clock';
import { FloatingPromoButton } from './floating-promo-button';
import { PromoDialog } from './promo-dialog';

const SALE = PROMOTIONS.backToSchool;

/**
 * Back-to-school sale (spec decision 9): while the campaign switch is on, a user's 48-hour window starts the
 * first time the floating button is shown to them. The dialog opens only from that button; both
 * vanish when the countdown reaches zero.
 */
export function BackToSchoolSale({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const now = useNow();
  const [start] = useState(() => readTimestamp(promoKeys.backToSchoolStart(userId)) ?? Date.now());
  const [redeemed, setRedeemed] = useState(() => readFlag('local', promoKeys.backToSchoolRedeemed(userId)));
  const [open, setOpen] = useState(false);
  const end = start + SALE.durationMs;
  const visible = !redeemed && now < end;

  // The window starts when the button is first shown, so the start is stored only while it is visible.
  useEffect(() => {
    if (visible && readTimestamp(promoKeys.backToSchoolStart(userId)) === null) writeTimestamp(promoKeys.backToSchoolStart(userId), start);
  }, [visible, userId, start]);

  if (!visible) return null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) writeFlag('session', promoKeys.backToSchoolDismissed(userId));
  }

  function onGoToPricing() {
    writeFlag('local', promoKeys.backToSchoolRedeemed(userId));
    setRedeemed(true);
    setOpen(false);
    navigate(paths.pricing);
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
      {!open && (
        <FloatingPromoButton
          onClick={() => setOpen(true)}
          label="Open the back-to-school sale"
          testId="back-to-school-button"
          className="top-1/2 left-0 -translate-y-1/2 rotate-180 gap-1.5 rounded-l-xl rounded-r-none px-1.5 py-3 text-xs [writing-mode:vertical-rl] hover:scale-100 hover:pl-2.5"
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
