/** A readable browser and system name from a user-agent string; simple on purpose, never exact. */
export function describeUserAgent(ua: string | null | undefined): { browser: string; system: string } {
  const s = ua ?? '';
  const browser = /Edg\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /Firefox\//.test(s)
        ? 'Firefox'
        : /(Chrome|Chromium|CriOS)\//.test(s)
          ? 'Chrome'
          : /Version\/.*Safari\//.test(s)
            ? 'Safari'
            : 'Unknown browser';
  const system = /iPhone|iPad|iPod/.test(s)
    ? 'iOS'
    : /Android/.test(s)
      ? 'Android'
      : /CrOS/.test(s)
        ? 'ChromeOS'
        : /Windows/.test(s)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(s)
            ? 'macOS'
            : /Linux/.test(s)
              ? 'Linux'
              : 'Unknown system';
  return { browser, system };
}

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday": approximate by design. */
export function timeAgo(at: Date, now = new Date()): string {
  const sec = Math.round((at.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(sec);
  if (abs < 60) return 'just now';
  if (abs < 3600) return rtf.format(Math.round(sec / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(sec / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(sec / 86_400), 'day');
  return at.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}
