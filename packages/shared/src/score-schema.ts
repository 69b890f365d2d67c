import { z } from './z';

/** A detector score on the wire (see `Score` in modes.ts): a whole number from 0 to 100. */
export const scoreSchema = z.number().int().min(0).max(100);
