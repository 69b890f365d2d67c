import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { clientIpFrom } from './http';

describe('the client address', () => {
  const env = loadEnv({});
  const behindLan = loadEnv({ TRUSTED_PROXIES: 'loopback,10.0.0.0/8' });
  const none = loadEnv({ TRUSTED_PROXIES: 'none' });

  it('is the socket peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientIpFrom('203.0.113.9', '127.0.0.1', env)).toBe('203.0.113.9');
    expect(clientIpFrom('::ffff:203.0.113.9', '1.2.3.4, 127.0.0.1', env)).toBe('203.0.113.9');
    expect(clientIpFrom('127.0.0.1', '198.51.100.1', none)).toBe('127.0.0.1');
  });

  it('behind a trusted proxy is the rightmost entry that is not a trusted proxy', () => {
    // nginx appends the address it saw to whatever the client sent: the client controls only the left.
    expect(clientIpFrom('127.0.0.1', '6.6.6.6, 198.51.100.7', env)).toBe('198.51.100.7');
    expect(clientIpFrom('127.0.0.1', '127.0.0.1, 198.51.100.7', env)).toBe('198.51.100.7');
    expect(clientIpFrom('::1', '198.51.100.7', env)).toBe('198.51.100.7');
    // Two proxies of ours: the load balancer (10.x) and the local nginx.
    expect(clientIpFrom('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2', behindLan)).toBe('198.51.100.7');
    expect(clientIpFrom('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2', env)).toBe('10.0.0.2');
    // A client spoofing loopback or a LAN proxy on the left gains nothing.
    expect(clientIpFrom('127.0.0.1', '127.0.0.1, 10.0.0.9, 203.0.113.5', behindLan)).toBe('203.0.113.5');
  });

  it('stops at the last trusted hop on a malformed entry or when every entry is trusted', () => {
    expect(clientIpFrom('127.0.0.1', 'not-an-ip', env)).toBe('127.0.0.1');
    expect(clientIpFrom('127.0.0.1', '198.51.100.7, garbage, 10.0.0.2', behindLan)).toBe('10.0.0.2');
    expect(clientIpFrom('127.0.0.1', '127.0.0.2, ::1', env)).toBe('127.0.0.2');
    expect(clientIpFrom('127.0.0.1', '', env)).toBe('127.0.0.1');
    expect(clientIpFrom('127.0.0.1', ' 2001:DB8::1 ', env)).toBe('2001:db8::1');
  });
});
