/**
 * Roots of query keys that more than one feature touches (a rewrite refreshes history and the subscription).
 * Each feature builds its full keys from these in its own queryOptions factories.
 */
export const keyRoots = {
  subscription: 'subscription',
  transformations: 'transformations',
} as const;
