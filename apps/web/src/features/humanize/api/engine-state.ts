/** The engine state lives in lib/ (the home page's cards and FAQ follow it too). */
export { useEngineState } from '@/lib/engine-state';
