import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oldUrlKey, oldUrlLookup, SITE_PAGE_PATHS } from '../../src/lib/old-url.ts';

describe("an old blog's addresses in one spelling", () => {
  it('one key for a URL, its path, its escapes, its index file and its trailing slash', () => {
    const key = '/2023/05/14/常见算法';
    for (const spelling of [
      'https://blog.example.com/2023/05/14/%E5%B8%B8%E8%A7%81%E7%AE%97%E6%B3%95/',
      'http://blog.example.com/2023/05/14/常见算法/index.html',
      '/2023/05/14/常见算法/',
      '/2023/05/14/常见算法',
      '/2023//05/14/常见算法/#comments',
      '2023/05/14/常见算法/?utm_source=rss',
    ])
      expect(oldUrlKey(spelling), spelling).toBe(key);
    expect(oldUrlKey('/Posts/Hugo-Config/')).toBe('/posts/hugo-config');
    // Decomposed and composed forms of the same text are one address.
    expect(oldUrlKey('/caf\u0065\u0301')).toBe(oldUrlKey('/caf\u00e9'));
  });

  it("WordPress's ?p= and ?page_id= on / or /index.php", () => {
    expect(oldUrlKey('https://wp.example.com/?p=123')).toBe('/?p=123');
    expect(oldUrlKey('/index.php?p=0123&replytocom=4')).toBe('/?p=123');
    expect(oldUrlKey('/?page_id=7')).toBe('/?p=7');
    expect(oldUrlKey('/archives/123?p=9')).toBe('/archives/123');
  });

  it('nothing for the home page, other schemes or a broken escape beyond repair', () => {
    expect(oldUrlKey('')).toBeNull();
    expect(oldUrlKey('/')).toBeNull();
    expect(oldUrlKey('https://blog.example.com/')).toBeNull();
    expect(oldUrlKey('javascript:alert(1)')).toBeNull();
    expect(oldUrlKey('/a%E5%B8/b')).toBe('/a%e5%b8/b');
  });

  it("this site's pages are never looked up", () => {
    expect(oldUrlLookup('/home', '')).toBeNull();
    expect(oldUrlLookup('/article', '?id=3')).toBeNull();
    expect(oldUrlLookup('/archives/', '')).toBeNull();
    expect(oldUrlLookup('/admin/articles', '')).toBeNull();
    expect(oldUrlLookup('/resources/front', '')).toBeNull();
    expect(oldUrlLookup('/', '')).toBeNull();
    expect(oldUrlLookup('/', '?p=12')).toBe('/?p=12');
    expect(oldUrlLookup('/index.php', '?page_id=12')).toBe('/?p=12');
    expect(oldUrlLookup('/archives/123/', '')).toBe('/archives/123');
    expect(oldUrlLookup('/2023/05/14/%E5%B8%B8/', '')).toBe('/2023/05/14/常');
  });

  it('the list of pages is every page of src/pages', () => {
    const pages = path.resolve(import.meta.dirname, '../../src/pages');
    const routes: string[] = [];
    for (const entry of readdirSync(pages, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(astro|ts)$/.test(entry.name)) continue;
      const rel = path.relative(pages, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (rel.split('/').some((part) => part.startsWith('_'))) continue;
      routes.push(`/${rel.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`);
    }
    for (const route of routes) {
      // A folder's dynamic route ([kind].astro, [...path].astro) is covered by its folder.
      const page = route.replace(/\/\[[^\]]+\]$/, '/x');
      if (page === '/') continue;
      expect(oldUrlLookup(page, ''), route).toBeNull();
    }
    expect(SITE_PAGE_PATHS.size).toBeGreaterThan(20);
  });
});
