import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalPageUrl, normalisePathname, PAGE_QUERY } from '../../src/lib/page-query.ts';

const canon = (url: string) => {
  const u = new URL(url, 'http://x');
  return canonicalPageUrl(u.pathname, u.search);
};

describe('the canonical URL a page is rendered and cached under', () => {
  it('keeps only the parameters the page reads, once, in a fixed order', () => {
    expect(canon('/article?id=3&x=1')).toBe('/article?id=3');
    expect(canon('/article?x=1&id=3&id=4')).toBe('/article?id=3');
    expect(canon('/home?utm_source=a')).toBe('/home');
    expect(canon('/category?anything=1')).toBe('/category');
    expect(canon('/articleList?page=2&name=Vue&type=tag&id=5')).toBe(
      '/articleList?id=5&type=tag&page=2&name=Vue',
    );
    expect(canon('/bangumi/?status=2&x=y')).toBe('/bangumi/?status=2');
  });

  it('reads numbers by value and texts as the page keeps them', () => {
    expect(canon('/article?id=03')).toBe('/article?id=3');
    expect(canon('/article?id=3.0')).toBe('/article?id=3');
    expect(canon('/home?page=abc')).toBe('/home?page=0');
    expect(canon('/home?page=-2')).toBe('/home?page=0');
    expect(canon('/message/publish?id=')).toBe('/message/publish?id=0');
    expect(canon('/message/list?tag=%20%E5%85%AC%E5%91%8A%20')).toBe(
      `/message/list?${new URLSearchParams({ tag: '公告' })}`,
    );
    expect(canon(`/message/list?tag=${'x'.repeat(50)}`)).toBe(`/message/list?tag=${'x'.repeat(10)}`);
  });

  it('spells each path one way', () => {
    expect(normalisePathname('/%68ome')).toBe('/home');
    expect(normalisePathname('/resources/%66r%6Fnt')).toBe('/resources/front');
    expect(normalisePathname('/a%2fb%e5%85')).toBe('/a%2Fb%E5%85');
    expect(normalisePathname('/a%20b%7e')).toBe('/a%20b~');
    expect(normalisePathname('/home')).toBe('/home');
  });

  it('has a row for every page that reads its query on the server', () => {
    const root = path.resolve(import.meta.dirname, '../../src/pages');
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/\.astro$/.test(e.name) && /searchParams/.test(readFileSync(full, 'utf8')))
          readers.push(`/${path.relative(root, full).replace(/\.astro$/, '')}`);
      }
    };
    walk(root);
    expect(readers.length).toBeGreaterThan(5);
    for (const page of readers) {
      const src = readFileSync(path.join(root, `${page}.astro`), 'utf8');
      const read = [...src.matchAll(/(?:searchParams|\bq|\bparams)\.(?:get|has)\('(\w+)'\)/g)].map(
        (m) => m[1],
      );
      const declared = (PAGE_QUERY[page] ?? []).map((p) => p.name);
      for (const name of read) expect(declared, `${page} reads ${name}`).toContain(name);
    }
  });
});
