import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../src/server/config.ts';
import { AddressCounter, addressKey, requestAddress, serverOptions } from '../../src/server/net/caps.ts';

describe('AddressCounter', () => {
  it('refuses the one over the cap per key and frees a slot on release', () => {
    const c = new AddressCounter(2);
    expect(c.acquire('a')).toBe(true);
    expect(c.acquire('a')).toBe(true);
    expect(c.acquire('a')).toBe(false);
    expect(c.acquire('b')).toBe(true);
    expect(c.count('a')).toBe(2);
    c.release('a');
    expect(c.acquire('a')).toBe(true);
  });

  it('forgets a key once nothing of it is open, and 0 means no cap', () => {
    const c = new AddressCounter(1);
    c.acquire('a');
    c.release('a');
    c.release('a');
    expect(c.count('a')).toBe(0);
    expect(c.acquire('a')).toBe(true);
    const open = new AddressCounter(0);
    for (let i = 0; i < 1000; i++) expect(open.acquire('a')).toBe(true);
  });
});

describe('addressKey', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:10.0.0.7', '10.0.0.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['[2001:db8::1]', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
    ['1:2:3', '1:2:3'],
    [undefined, ''],
  ])('%j → %j', (ip, key) => expect(addressKey(ip)).toBe(key));
});

describe('requestAddress', () => {
  const req = (remoteAddress: string, xff?: string | string[]) =>
    ({ socket: { remoteAddress }, headers: { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

  it('is the socket address unless behind a trusted proxy', () => {
    expect(requestAddress(req('::ffff:10.0.0.1', '1.2.3.4'), false)).toBe('10.0.0.1');
  });

  it('behind a proxy is the right-most forwarded entry (the one the proxy added)', () => {
    expect(requestAddress(req('10.0.0.1', '6.6.6.6, 1.2.3.4'), true)).toBe('1.2.3.4');
    expect(requestAddress(req('10.0.0.1', ['6.6.6.6', '1.2.3.4']), true)).toBe('1.2.3.4');
    expect(requestAddress(req('10.0.0.1'), true)).toBe('10.0.0.1');
  });
});

describe('server timeouts', () => {
  it('bounds headers by the setting, keeps 5 minutes for a request body, checks often enough', () => {
    const o = serverOptions({ headersTimeoutMs: 20_000 });
    expect(o).toMatchObject({ headersTimeout: 20_000, requestTimeout: 300_000, keepAliveTimeout: 75_000 });
    expect(o.connectionsCheckingInterval).toBe(5_000);
    expect(serverOptions({ headersTimeoutMs: 1_000 }).connectionsCheckingInterval).toBe(250);
  });
});

describe('configuration of the caps and the log level', () => {
  it('has defaults and reads the variables', () => {
    expect(parseEnv({})).toMatchObject({
      maxConnectionsPerIp: 100,
      maxWebSocketsPerIp: 20,
      headersTimeoutMs: 20_000,
      logLevel: 'info',
    });
    expect(
      parseEnv({
        MAX_CONNECTIONS_PER_IP: '0',
        MAX_WEBSOCKETS_PER_IP: ' 7 ',
        HEADERS_TIMEOUT_MS: '1500',
        LOG_LEVEL: 'debug',
      }),
    ).toMatchObject({
      maxConnectionsPerIp: 0,
      maxWebSocketsPerIp: 7,
      headersTimeoutMs: 1500,
      logLevel: 'debug',
    });
  });

  it.each([
    [{ MAX_CONNECTIONS_PER_IP: '-1' }, 'MAX_CONNECTIONS_PER_IP: must be a whole number from 0 to 1000000'],
    [{ MAX_WEBSOCKETS_PER_IP: 'many' }, 'MAX_WEBSOCKETS_PER_IP: must be a whole number from 0 to 1000000'],
    [{ HEADERS_TIMEOUT_MS: '50' }, 'HEADERS_TIMEOUT_MS: must be a whole number from 100 to 600000'],
    [{ HEADERS_TIMEOUT_MS: '1.5' }, 'HEADERS_TIMEOUT_MS: must be a whole number from 100 to 600000'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('%j is refused with a message naming it', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
  });
});
