import { SunIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PROMOTIONS } from '@plainspoken/shared';
import { paths } from '@/config/paths';
import { remainingUntil } from '../lib/countdown';
import { promoKeys, readFlag, writeFlag } from '../lib/storage';
import { useNow } from '../lib/use-clock';
import { FloatingPromoButton } from './floating-promo-button';
import { PromoDialog } from './promo-dialog';

const SALE = PROMOTIONS.summer;

/**
 * Summer student discount (spec section 4): opens once, 1.5 s after sign-in, unless redeemed, dismissed
 * in this tab session, or over. Closing it leaves a floating button that reopens it.
 */
export function SummerSale({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const now = useNow();
  const [redeemed, setRedeemed] = useState(() => readFlag('local', promoKeys.summerRedeemed(userId)));
  const [dismissed, setDismissed] = useState(() => readFlag('session', promoKeys.summerDismissed(userId)));
  const [open, setOpen] = useState(false);
  const over = now > SALE.endsAt;

  useEffect(() => {
    if (redeemed || dismissed || Date.now() > SALE.endsAt) return;
    const id = setTimeout(() => setOpen(true), SALE.autoOpenDelayMs);
    return () => clearTimeout(id);
    // Once per sign-in: later changes of the flags must not schedule it again.
  }, [userId]);

  if (over || redeemed) return null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      writeFlag('session', promoKeys.summerDismissed(userId));
      setDismissed(true);
    }
  }

  function onGoToPricing() {
    writeFlag('local', promoKeys.summerRedeemed(userId));
    setRedeemed(true);
    setOpen(false);
    navigate(paths.pricing);
  }

  return (
    <>
      <PromoDialog
        open={open}
        onOpenChange={onOpenChange}
        badge="Summer student discount"
        title="Summer sale for students"
        description="Special pricing on every plan, with extra savings when you pay yearly. Use the code at checkout."
        perks={['Special pricing on all plans', 'Extra savings on annual plans', 'Keep every word you write this summer']}
        code={SALE.code}
        remaining={remainingUntil(SALE.endsAt, now)}
        onGoToPricing={onGoToPricing}
      />
      {dismissed && !open && (
        <FloatingPromoButton
          onClick={() => setOpen(true)}
          label="Open the summer sale"
          testId="summer-sale-button"
          className="bottom-4 left-4"
          pulseEveryMs={SALE.pulseEveryMs}
          pulseForMs={SALE.pulseForMs}
        >
          <SunIcon className="size-4" aria-hidden="true" />
          Summer sale
        </FloatingPromoButton>
      )}
    </>
  );
}
