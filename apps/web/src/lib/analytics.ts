/**
 * Product analytics. Nothing leaves the browser unless the server's config carries a PostHog key;
 * the library itself is loaded on demand so visitors without it never download it.
 */
import type { AppConfig } from './app-config';

type PostHogLike = {
  capture: (event: string, props?: Record<string, unknown>) => void;
  identify: (id: string) => void;
  reset: () => void;
};

let client: PostHogLike | null = null;
let starting = false;

export async function initAnalytics(cfg: AppConfig['posthog']): Promise<void> {
  if (!cfg || client || starting) return;
  starting = true;
  try {
    const { default: posthog } = await import('posthog-js');
    posthog.init(cfg.key, {
      api_host: cfg.host,
      capture_pageview: false,
      // Recording masks password inputs only.
      session_recording: { maskAllInputs: false, maskInputOptions: { password: true } },
    });
    client = posthog;
  } catch {
    client = null;
  } finally {
    starting = false;
  }
}

export function track(event: string, props?: Record<string, unknown>): void {
  client?.capture(event, props);
}

export function trackPageview(path: string): void {
  client?.capture('$pageview', { path });
}

export function identify(userId: string): void {
  client?.identify(userId);
}

export function resetAnalytics(): void {
  client?.reset();
}
