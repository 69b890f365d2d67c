import { clsx, type ClassValue } from 'clsx';
import { classConflicts } from './class-conflicts';

/**
 * Joins class names. It does not merge conflicting Tailwind classes (tailwind-merge cost 8 KB gzip on
 * every first load): a caller overriding a component's class marks its own important (`text-2xl!`), and
 * in development a conflict is reported (docs/decisions: first load).
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) {
    const lost = classConflicts(classes);
    if (lost.length > 0) console.warn(`[cn] conflicting classes: ${lost.join(' ')} are overridden in "${classes}"`);
  }
  return classes;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Clipboard write that still works where the async clipboard API is refused (older browsers, http). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('Copy failed');
  }
}
