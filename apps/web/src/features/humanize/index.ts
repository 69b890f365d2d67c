export { HumanizerCard } from './components/humanizer-card';
