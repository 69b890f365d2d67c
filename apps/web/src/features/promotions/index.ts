export { PromotionOverlays } from './components/promotion-overlays';
