/**
 * Carrying a text from one page to the home card (e.g. "Humanize this text" on the AI check page):
 * the text travels in the router state of the navigation to `/`, so it never touches storage or the URL.
 */
export interface HomeHandoffState {
  prefillText: string;
}

export function homeHandoff(text: string): HomeHandoffState {
  return { prefillText: text };
}

export function readHomeHandoff(state: unknown): string | null {
  if (state && typeof state === 'object' && 'prefillText' in state) {
    const t = state.prefillText;
    if (typeof t === 'string' && t.trim()) return t;
  }
  return null;
}
