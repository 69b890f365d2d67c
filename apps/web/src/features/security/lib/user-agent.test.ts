import { describe, expect, it } from 'vitest';
import { describeUserAgent, timeAgo } from './user-agent';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [null, 'Unknown browser', 'Unknown system'],
  ])('%s', (ua, browser, system) => {
    expect(describeUserAgent(ua)).toEqual({ browser, system });
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('is approximate', () => {
    expect(timeAgo(new Date('2026-01-10T11:59:30Z'), now)).toBe('just now');
    expect(timeAgo(new Date('2026-01-10T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(timeAgo(new Date('2026-01-09T12:00:00Z'), now)).toBe('yesterday');
  });
});
