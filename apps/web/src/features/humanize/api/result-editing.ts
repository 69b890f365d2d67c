import { call, server } from '@/lib/api';

const transformation = server.api.transformations[':id'];

/** Saves the user's edit of a result; the server re-scores it for free. */
export function saveEdit(id: string, text: string) {
  return call(transformation.$patch({ param: { id }, json: { text } }));
}

/** Up to three rewrites of one sentence of the saved result (its words are charged when one is offered). */
export function fetchSentenceAlternatives(id: string, range: { start: number; end: number }) {
  return call(transformation['sentence-alternatives'].$post({ param: { id }, json: range }));
}

/** Whether "Rewrite this sentence" can offer anything for this sentence (free, asked before the click). */
export function checkSentence(id: string, range: { start: number; end: number }) {
  return call(transformation['sentence-alternatives'].check.$post({ param: { id }, json: range }));
}

/** A history entry, to open it in the editor again. */
export function fetchTransformation(id: string) {
  return call(transformation.$get({ param: { id } }));
}
