import { SunIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PROMOTIONS } from '@plainspoken/shared';
import { paths } from '@/config/paths';
import { useRedeemedCodes } from '@/lib/promotion';
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
  const server = useRedeemedCodes(userId);
  const redeemed = server.redeemed.includes(SALE.code) || readFlag('local', promoKeys.summerRedeemed(userId));
  const [dismissed, setDismissed] = useState(() => readFlag('session', promoKeys.summerDismissed(userId)));
  const [hidden, setHidden] = useState(() => readFlag('session', promoKeys.summerButtonHidden(userId)));
  const [open, setOpen] = useState(false);
  const over = now > SALE.endsAt;

  // The spec's browser record follows the server: redeemed once a checkout with the code completed.
  useEffect(() => {
    if (server.redeemed.includes(SALE.code)) writeFlag('local', promoKeys.summerRedeemed(userId));
  }, [server.redeemed, userId]);

  // Once per sign-in, read from the flags of that moment: later changes must not schedule it again.
  const mayAutoOpen = useEffectEvent(() => !redeemed && !dismissed && Date.now() <= SALE.endsAt);
  useEffect(() => {
    if (!mayAutoOpen()) return;
    const id = setTimeout(() => setOpen(true), SALE.autoOpenDelayMs);
    return () => clearTimeout(id);
  }, [userId]);

  if (over || redeemed) return null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      writeFlag('session', promoKeys.summerDismissed(userId));
      setDismissed(true);
    }
  }

  // Going to pricing is not redeeming: the code counts as used when a checkout with it completes.
  function onGoToPricing() {
    setOpen(false);
    writeFlag('session', promoKeys.summerDismissed(userId));
    setDismissed(true);
    void navigate(paths.pricing);
  }

  return (
    <>
      <PromoDialog
        open={open}
        onOpenChange={onOpenChange}
        badge="Summer student discount"
        title="Summer sale for students"
        description="Special pricing on every plan, with extra savings when you pay yearly. Use the code at checkout."
        perks={[
          'Special pricing on all plans',
          'Extra savings on annual plans',
          'Keep every word you write this summer',
        ]}
        code={SALE.code}
        remaining={remainingUntil(SALE.endsAt, now)}
        onGoToPricing={onGoToPricing}
      />
      {dismissed && !open && !hidden && (
        <FloatingPromoButton
          onClick={() => setOpen(true)}
          onDismiss={() => {
            writeFlag('session', promoKeys.summerButtonHidden(userId));
            setHidden(true);
          }}
          label="Open the summer sale"
          tabLabel="Summer sale"
          testId="summer-sale-button"
          edge="bottom"
          stripText={
            <>
              <SunIcon aria-hidden="true" />
              <span className="truncate">
                <strong className="font-semibold">Summer sale</strong> for students · code {SALE.code}
              </span>
            </>
          }
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
