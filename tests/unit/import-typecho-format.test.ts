import { describe, expect, it } from 'vitest';
import { typechoPrefixes } from '../../src/server/services/import/typecho-db.ts';
import {
  attachmentOf,
  bodyOf,
  dateParts,
  fillRoute,
  routesOf,
  siteAddresses,
  statusOf,
  unserialize,
} from '../../src/server/services/import/typecho-format.ts';

describe("Typecho's rows read without PHP", () => {
  it("reads serialize()'s format, lengths in UTF-8 bytes, and nothing that is not whole", () => {
    expect(unserialize('a:3:{s:4:"name";s:9:"说明书";i:0;b:1;s:1:"n";N;}')).toEqual({
      name: '说明书',
      0: true,
      n: null,
    });
    expect(unserialize('a:1:{s:1:"x";a:2:{i:0;d:1.5;i:1;i:-3;}}')).toEqual({ x: { 0: 1.5, 1: -3 } });
    expect(unserialize('O:8:"stdClass":1:{s:1:"a";s:1:"b";}')).toEqual({ a: 'b' });
    // Cut short, a length that lies, text after the value, or no serialize() at all.
    for (const broken of ['a:2:{s:1:"a";i:1;', 's:5:"说明书";', 's:1:"a";junk', 'hello', '', 'a:1:{N;i:1;}'])
      expect(unserialize(broken), broken).toBeUndefined();
  });

  it("finds the post and page routes in a routingTable as saved or as parsed, else Typecho's defaults", () => {
    const saved =
      'a:2:{s:4:"post";a:1:{s:3:"url";s:22:"/archives/[slug].html/";}s:4:"page";a:1:{s:3:"url";s:13:"/page/[slug]/";}}';
    expect(routesOf(saved)).toEqual({ post: '/archives/[slug].html/', page: '/page/[slug]/', parsed: true });
    const parsedOnly = 'a:1:{i:0;a:1:{s:4:"post";a:1:{s:3:"url";s:19:"/[category]/[slug]/";}}}';
    expect(routesOf(parsedOnly).post).toBe('/[category]/[slug]/');
    expect(routesOf('')).toEqual({ post: '/archives/[cid:digital]/', page: '/[slug].html', parsed: false });
    expect(routesOf('a:1:{s:4:"post";').parsed).toBe(false);
  });

  it('fills a route as Router::url does, in the site time zone, under the site address', () => {
    const values = { cid: '2', slug: 'hello', ...dateParts(1612195200, 28800) };
    // 2021-02-01 16:00 UTC is the 2nd in China.
    expect(fillRoute('/[year:digital:4]/[month:digital:2]/[day:digital:2]/[slug].html', values)).toBe(
      '/2021/02/02/hello.html',
    );
    expect(dateParts(1612195200, 0)).toEqual({ year: '2021', month: '02', day: '01' });
    expect(fillRoute('/archives/[cid:digital]/', values)).toBe('/archives/2/');
    expect(fillRoute('/[plugin]/[slug].html', values)).toBeUndefined();
    expect(siteAddresses('https://example.com/blog/', ['/archives/2/'])).toEqual([
      'https://example.com/blog/archives/2/',
      'https://example.com/blog/index.php/archives/2/',
    ]);
  });

  it('a text is Markdown after <!--markdown-->, else HTML; the excerpt is what precedes <!--more-->', () => {
    expect(bodyOf('<!--markdown-->正文\r\n第二行')).toEqual({
      markdown: '正文\n第二行',
      excerpt: '',
      html: false,
    });
    expect(bodyOf('<!--markdown-->**摘要**<!--more-->其余')).toEqual({
      markdown: '**摘要**\n\n其余',
      excerpt: '摘要',
      html: false,
    });
    const html = bodyOf('第一段\n\n<!-- more -->\n\n第二段<br />换行');
    expect(html.html).toBe(true);
    expect(html.excerpt).toBe('第一段');
    expect(html.markdown).not.toContain('<');
  });

  it('what each type and status becomes, and why the rest is left out', () => {
    expect(statusOf('post', 'publish', 0)).toEqual({ status: 1 });
    expect(statusOf('page', 'hidden', 0)).toEqual({ status: 2 });
    expect(statusOf('post', 'private', 0)).toEqual({ status: 2 });
    expect(statusOf('post', 'waiting', 0)).toEqual({ status: 3 });
    expect(statusOf('page_draft', 'publish', 0)).toEqual({ status: 3 });
    expect(statusOf('post_draft', 'publish', 5)).toEqual({
      skip: expect.stringContaining('cid=5 未发布的修改'),
    });
    expect(statusOf('revision', 'publish', 5)).toEqual({ skip: expect.stringContaining('修订版本') });
    expect(statusOf('shuoshuo', 'publish', 0)).toEqual({ skip: '不导入的内容类型 shuoshuo' });
    expect(statusOf('post', 'trash', 0)).toEqual({ skip: '状态 trash 不导入' });
  });

  it("an attachment's path from serialize() or JSON; Typecho's tables under any prefix", () => {
    expect(
      attachmentOf('a:2:{s:4:"name";s:5:"a.png";s:4:"path";s:26:"/usr/uploads/2021/02/a.png";}'),
    ).toEqual({
      name: 'a.png',
      path: '/usr/uploads/2021/02/a.png',
      mime: '',
    });
    expect(attachmentOf('{"path":"/usr/uploads/b.png","mime":"image/png"}')?.mime).toBe('image/png');
    expect(attachmentOf('a:0:{}')).toBeUndefined();
    const tables = ['contents', 'metas', 'relationships', 'comments', 'options', 'users', 'fields'];
    expect(
      typechoPrefixes([...tables.map((t) => `blog_${t}`), ...tables.map((t) => `typecho_${t}`)]),
    ).toEqual(['typecho_', 'blog_']);
    expect(typechoPrefixes(['blog_article', 'blog_user', 'typecho_contents'])).toEqual([]);
  });
});
