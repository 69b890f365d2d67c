/**
 * The one call account deletion makes into billing, kept here so deletion code depends only on the
 * contract `cancelSubscriptionForDeletion(deps, userId)`: it returns when nothing is billed any more
 * and throws when the provider refused.
 */
export { cancelSubscriptionForDeletion } from '../billing/billing.service';
