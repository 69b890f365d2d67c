export { Hero } from './components/hero';
export { BelowTheFold } from './components/below-the-fold';
