export { Hero } from './components/hero';
export { DetectorStrip } from './components/detector-strip';
export { FeaturesSection } from './components/features-section';
export { FaqSection } from './components/faq-section';
export { ClosingCta } from './components/closing-cta';
