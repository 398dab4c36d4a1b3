import { describe, expect, it } from 'vitest';
import { placeOf } from '../../src/server/services/import/comments/pages.ts';
import { commentText, emojiName, toIso } from '../../src/server/services/import/comments/text.ts';
import { placeThreads } from '../../src/server/services/import/comments/thread.ts';
import { linesOfIds } from '../../src/server/services/import/source-lines.ts';

/** The pure parts of the comment imports: text, times, threads, pages (comments/*.ts). */

describe("a comment tool's text as ours", () => {
  it('emoji and stickers of every tool become their name in brackets', () => {
    expect(emojiName('<img class="wl-emoji" src="https://x/tieba_huaji.png" alt="tieba_huaji">')).toBe(
      'tieba_huaji',
    );
    expect(emojiName('<img class="tk-owo-emotion" src="https://x/h.png" alt=":滑稽:">')).toBe('滑稽');
    expect(emojiName('<img src="https://x/h.png" atk-emoticon="滑稽">')).toBe('滑稽');
    expect(emojiName('<img alt=":tv_doge:" class="vemoji" src="https://x/tv_doge.png">')).toBe('tv_doge');
    // An ordinary picture is no emoji: it stays a picture (as Markdown).
    expect(emojiName('<img src="https://x/photo.jpg" alt="照片">')).toBeUndefined();
    expect(commentText('<p>看 <img src="https://x/photo.jpg" alt="照片"></p>')).toBe(
      '看 ![照片](https://x/photo.jpg)',
    );
  });

  it('the reply lead the tool wrote is dropped, in its HTML and its Markdown spelling', () => {
    expect(commentText('<a class="at" href="#5f1">@小明</a> , 好的')).toBe('好的');
    expect(commentText('<p><a href="#5f1">@小明</a>：好的</p>')).toBe('好的');
    expect(commentText('[@小明](#5f1): 好的')).toBe('好的');
    // A mention in the middle is the writer's text.
    expect(commentText('我同意 @小明 的看法')).toBe('我同意 @小明 的看法');
  });

  it('markup becomes text with no tag left and no stray escapes; Markdown and code stay as written', () => {
    expect(
      commentText('<p>第一行<br>第二行 my_name *星*</p><p>二段 <a href="https://a.example">链接</a></p>'),
    ).toBe('第一行\n第二行 my_name *星*\n\n二段 [链接](https://a.example)');
    expect(commentText('<pre><code class="language-py">a_b = 1 \\\\ 2\n</code></pre>')).toBe(
      '```py\na_b = 1 \\\\ 2\n```',
    );
    expect(commentText('<p>x</p><script>alert(1)</script>')).toBe('x');
    expect(commentText('**粗体** 和 `a_b`')).toBe('**粗体** 和 `a_b`');
    expect(commentText('<p> </p>')).toBe('');
  });
});

describe("a comment tool's times", () => {
  it('milliseconds, ISO, Go, LeanCloud and MongoDB spellings', () => {
    const t = '2023-05-20T08:00:00.000Z';
    for (const v of [
      1684569600000,
      '1684569600000',
      t,
      '2023-05-20 16:00:00 +0800',
      '2023-05-20 16:00:00 +0800 CST',
      { iso: t },
      { $date: t },
      { $numberLong: '1684569600000' },
    ])
      expect(toIso(v), JSON.stringify(v)).toBe(t);
    expect(toIso('2023-05-20 08:00:00')).toBe(t);
    expect(toIso('')).toBeUndefined();
    expect(toIso('昨天')).toBeUndefined();
  });
});

describe('threads', () => {
  it('a parent is always before its replies, else by time; a reply answers the nearest kept comment', () => {
    const placed = placeThreads([
      { id: 'c', parent: 'b', time: 1 },
      { id: 'b', parent: 'a', time: 2 },
      { id: 'a', time: 3 },
      { id: 'x', time: 0 },
      { id: 'gone', parent: 'a', time: 4, dropped: true },
      { id: 'd', parent: 'gone', time: 5 },
      { id: 'lost', parent: 'nowhere', time: 6 },
    ]);
    expect(placed.map((p) => p.id)).toEqual(['x', 'a', 'b', 'c', 'd', 'lost']);
    expect(placed.find((p) => p.id === 'c')).toEqual({ id: 'c', parent: 'b', root: 'a' });
    expect(placed.find((p) => p.id === 'd')).toEqual({ id: 'd', parent: 'a', root: 'a' });
    expect(placed.find((p) => p.id === 'lost')).toEqual({ id: 'lost', root: 'lost', orphan: true });
  });

  it('a loop of replies is marked, not followed forever', () => {
    const placed = placeThreads([
      { id: 'p', parent: 'q', time: 1 },
      { id: 'q', parent: 'p', time: 2 },
    ]);
    expect(placed.every((p) => p.loop)).toBe(true);
    expect(placed).toHaveLength(2);
  });
});

describe('pages', () => {
  it('ours, the guestbook, the talks, or an old address', () => {
    expect(placeOf('/article?id=3')).toEqual({ kind: 'article', id: 3 });
    expect(placeOf('https://blog.example.com/article/3')).toEqual({ kind: 'article', id: 3 });
    expect(placeOf('/talk?id=2')).toEqual({ kind: 'talk', id: 2 });
    expect(placeOf('/shuoshuo/2/')).toEqual({ kind: 'talk', id: 2 });
    expect(placeOf('/essay/')).toEqual({ kind: 'talk' });
    for (const p of [
      '/message/',
      '/messages',
      '/guestbook/',
      '/comments/',
      '/liuyan/',
      '/links/',
      '/link/',
      '/friends/',
    ])
      expect(placeOf(p), p).toEqual({ kind: 'guestbook' });
    expect(placeOf('/about/')).toEqual({ kind: 'path', key: '/about' });
    expect(placeOf('/2023/05/14/%E5%B8%B8%E8%A7%81/')).toEqual({ kind: 'path', key: '/2023/05/14/常见' });
    expect(placeOf('/talk/hello-world/')).toEqual({ kind: 'path', key: '/talk/hello-world' });
    expect(placeOf('')).toBeNull();
  });
});

describe('where a comment is in its export', () => {
  it('the line of each id, in a file written on many lines or on one', () => {
    const id = /"objectId":\s*"([^"]+)"/g;
    const pretty =
      '{\n  "Comment": [\n    {\n      "objectId": "a"\n    },\n    {\n      "objectId": "b"\n    }\n  ]\n}';
    expect(linesOfIds(pretty, id)).toEqual(
      new Map([
        ['a', 4],
        ['b', 7],
      ]),
    );
    const oneLine = JSON.stringify({ Comment: Array.from({ length: 3 }, (_, i) => ({ objectId: `c${i}` })) });
    expect(linesOfIds(oneLine, id)).toEqual(
      new Map([
        ['c0', 1],
        ['c1', 1],
        ['c2', 1],
      ]),
    );
  });
});
