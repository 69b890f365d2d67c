import { call, server } from '@/lib/api';

/** Scores a text sentence by sentence; costs no words and works signed out (up to the anonymous limit). */
export function checkText(text: string) {
  return call(server.api['ai-check'].$post({ json: { text } }));
}
