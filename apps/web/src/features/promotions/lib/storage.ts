/**
 * The per-user browser records of spec section 3. Redeemed flags and the back-to-school start live in
 * localStorage; dismissed flags in sessionStorage, so a new tab session shows the offer again.
 * Storage may be disabled (private modes): reads then answer "nothing stored" and writes are skipped.
 */
export const promoKeys = {
  summerRedeemed: (userId: string) => `summer_sale_redeemed_${userId}`,
  summerDismissed: (userId: string) => `summer_sale_dismissed_${userId}`,
  backToSchoolStart: (userId: string) => `back_to_school_start_${userId}`,
  backToSchoolRedeemed: (userId: string) => `back_to_school_redeemed_${userId}`,
  backToSchoolDismissed: (userId: string) => `back_to_school_dismissed_${userId}`,
  /** The floating entry hidden with its close button, for the tab session. */
  summerButtonHidden: (userId: string) => `summer_sale_button_hidden_${userId}`,
  backToSchoolButtonHidden: (userId: string) => `back_to_school_button_hidden_${userId}`,
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readFlag(which: Area, key: string): boolean {
  try {
    return area(which)?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function writeFlag(which: Area, key: string): void {
  try {
    area(which)?.setItem(key, 'true');
  } catch {
    // Quota or privacy settings: the offer simply shows again next time.
  }
}

/** The stored start in ms, or null when missing or unreadable. */
export function readTimestamp(key: string): number | null {
  try {
    const raw = area('local')?.getItem(key);
    if (!raw) return null;
    const n = Number(raw);
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export function writeTimestamp(key: string, ms: number): void {
  try {
    area('local')?.setItem(key, String(Math.trunc(ms)));
  } catch {
    // Without storage the window restarts each load; nothing better is possible.
  }
}
