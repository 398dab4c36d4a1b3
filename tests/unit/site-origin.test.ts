import { describe, expect, it } from 'vitest';
import { isOwnOrigin, normaliseHost, siteOrigins } from '../../src/lib/site-origin.ts';

describe('Host values', () => {
  it('accepts host[:port], normalised; refuses anything else', () => {
    expect(normaliseHost('Blog.Example')).toBe('blog.example');
    expect(normaliseHost('blog.example.:8080')).toBe('blog.example:8080');
    expect(normaliseHost('blog.example:443')).toBe('blog.example');
    expect(normaliseHost('127.0.0.1:4321')).toBe('127.0.0.1:4321');
    expect(normaliseHost('[::1]:4321')).toBe('[::1]:4321');
    for (const bad of [
      'a@b',
      '127.0.0.1:4321/message/list?tag=x',
      'a b',
      '',
      'x:99999',
      '-a.b',
      'a/b',
      undefined,
    ])
      expect(normaliseHost(bad), String(bad)).toBeNull();
  });
});

describe('the site origin and the hosts it answers to', () => {
  it('SITE_URL gives the origin; aliases are accepted too, nothing else', () => {
    const s = siteOrigins({
      siteUrl: 'https://Blog.Example',
      aliases: ['www.blog.example'],
      host: '127.0.0.1',
      port: 4321,
    });
    expect(s.origin).toBe('https://blog.example');
    expect(s.canonicalHost).toBe('blog.example');
    expect([...s.hosts]).toEqual(['blog.example', 'www.blog.example']);
  });

  it('without SITE_URL: where it listens, and the loopback names with that port', () => {
    const s = siteOrigins({ aliases: [], host: '127.0.0.1', port: 4321 });
    expect(s.origin).toBe('http://127.0.0.1:4321');
    expect([...s.hosts].sort()).toEqual(['127.0.0.1:4321', '[::1]:4321', 'localhost:4321']);
    expect(siteOrigins({ aliases: [], host: '0.0.0.0', port: 80 }).origin).toBe('http://127.0.0.1:80');
    expect(siteOrigins({ aliases: [], host: '::1', port: 8080 }).origin).toBe('http://[::1]:8080');
    const lan = siteOrigins({ aliases: [], host: '192.168.1.5', port: 4321 });
    expect([...lan.hosts]).toEqual(['192.168.1.5:4321']);
  });

  it('a browser Origin is own only with one of those hosts, over http(s)', () => {
    const s = siteOrigins({ siteUrl: 'https://blog.example', aliases: [], host: '127.0.0.1', port: 4321 });
    expect(isOwnOrigin('https://blog.example', s)).toBe(true);
    expect(isOwnOrigin('http://blog.example', s)).toBe(true);
    expect(isOwnOrigin('https://blog.example:8443', s)).toBe(false);
    expect(isOwnOrigin('https://evil.example', s)).toBe(false);
    expect(isOwnOrigin('null', s)).toBe(false);
    expect(isOwnOrigin('ftp://blog.example', s)).toBe(false);
  });
});
