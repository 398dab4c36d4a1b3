import { describe, expect, it } from 'vitest';
import { isPublicAddress, pinnedLookup, siteAddresses } from '../../src/server/net/public-address.ts';

/**
 * The friend-link check's address rule (no network: IP literals are never looked up). Only public
 * addresses may be asked; the server itself, its networks and the cloud's metadata service never.
 */
describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918'],
    ['192.168.1.1', 'RFC 1918'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT (a metadata address)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'unique local (a metadata address)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['localhost', 'a name, not an address'],
    ['', 'nothing'],
  ])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '223.255.255.254',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2400:3200::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('siteAddresses', () => {
  it('takes a public IP literal as it is (no lookup, nothing sent)', async () => {
    expect(await siteAddresses('93.184.216.34')).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(await siteAddresses('[2606:4700:4700::1111]')).toEqual([
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
  });

  it('refuses a non-public literal unless allowed', async () => {
    expect(await siteAddresses('127.0.0.1')).toBeNull();
    expect(await siteAddresses('[::1]')).toBeNull();
    expect(await siteAddresses('169.254.169.254')).toBeNull();
    expect(await siteAddresses('127.0.0.1', { allowPrivate: true })).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
  });

  it('refuses a name that resolves to a loopback address (localhost)', async () => {
    expect(await siteAddresses('localhost')).toBeNull();
    const allowed = await siteAddresses('localhost', { allowPrivate: true });
    expect(allowed?.length).toBeGreaterThan(0);
  });
});

describe('pinnedLookup', () => {
  it('answers with the checked addresses whatever the name, one or all', () => {
    const lookup = pinnedLookup([
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ]);
    const answers: unknown[][] = [];
    lookup('elsewhere.example', { all: true }, (...args) => answers.push(args));
    lookup('elsewhere.example', { family: 4 }, (...args) => answers.push(args));
    lookup('elsewhere.example', {}, (...args) => answers.push(args));
    expect(answers).toEqual([
      [
        null,
        [
          { address: '2606:4700:4700::1111', family: 6 },
          { address: '93.184.216.34', family: 4 },
        ],
      ],
      [null, '93.184.216.34', 4],
      [null, '2606:4700:4700::1111', 6],
    ]);
  });
});
