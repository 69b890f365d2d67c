import { ClosingCta } from './closing-cta';
import { DetectorStrip } from './detector-strip';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';

/** Everything on the home page below the humanizer card, in one chunk that loads after the first paint. */
export function HomeSections() {
  return (
    <>
      <DetectorStrip />
      <FeaturesSection />
      <FaqSection />
      <ClosingCta />
    </>
  );
}
