export { HumanizerCard } from './components/humanizer-card';
export { pollLimits, useSubscriptionUpdatedListener, SUBSCRIPTION_UPDATED_EVENT } from './api/limits';
