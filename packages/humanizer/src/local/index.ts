/**
 * The local clean-up: Lightning (one seeded rule pass) and Deep (detector-guided search over variants).
 * This module runs the pipeline: preparation (prepare.ts), rule pass (rule-pass.ts), then either Lightning
 * (lightning.ts) or Deep's variants and search (variants.ts, search.ts), rendering (render.ts) and the
 * document checks (doc-checks.ts). For Deep on a first pass it also runs Lightning and returns whichever of
 * the two the full detector (all families) scores lower; on a second pass the search result is returned.
 */
import { detect } from '../detector.ts';
import { lightning } from './lightning.ts';
import { deep } from './search.ts';
import type { LocalOpts, LocalResult } from './types.ts';

export { deep } from './search.ts';
export { lightning, usedAlternatives } from './lightning.ts';
export type { LocalOpts, LocalResult } from './types.ts';

export function localHumanize(text: string, mode: 'deep' | 'lightning', o: LocalOpts): LocalResult {
  if (mode === 'lightning') return lightning(text, o);
  const searched = deep(text, o);
  if (o.avoidText !== undefined) return searched;
  // Final pick with the full detector (all families): the search result or the plain rule pass.
  const light = lightning(text, o);
  const dl = detect(light.text);
  const ds = detect(searched.text);
  return dl.score < ds.score ? { ...light, detection: dl } : { ...searched, detection: ds };
}

export { detect };
