import { describe, expect, it } from 'vitest';
import { absoluteLinks } from '../../src/lib/feed-html.ts';

describe('absoluteLinks', () => {
  it("makes the site's own addresses absolute and leaves the rest", () => {
    const html =
      '<p><img src="/uploads/a.png" alt="x"><a href="/article?id=2">下一篇</a><a href="#user-content-fn-1">1</a>' +
      '<a href="https://example.com/">外链</a><img src="//cdn.example.com/b.png"></p>';
    expect(absoluteLinks(html, 'https://blog.example.cn')).toBe(
      '<p><img src="https://blog.example.cn/uploads/a.png" alt="x"><a href="https://blog.example.cn/article?id=2">下一篇</a><a href="#user-content-fn-1">1</a>' +
        '<a href="https://example.com/">外链</a><img src="//cdn.example.com/b.png"></p>',
    );
  });
});
