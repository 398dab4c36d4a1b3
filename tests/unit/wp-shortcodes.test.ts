import { describe, expect, it } from 'vitest';
import {
  type Attachment,
  decodeEntities,
  type Media,
  parseAttrs,
  wpMarkdown,
} from '../../src/server/services/import/wp-shortcodes.ts';

/** WordPress shortcodes as Markdown (src/server/services/import/wp-shortcodes.ts). */

const att = (id: string, parent: string, order: number, caption = ''): Attachment => ({
  id,
  url: `https://old.example.com/wp-content/uploads/${id}.jpg`,
  title: `图${id}`,
  caption,
  alt: '',
  parent,
  order,
});
const all = [att('7', '1', 2), att('5', '1', 1, '第五张'), att('9', '2', 0)];
const media: Media = {
  byId: new Map(all.map((a) => [a.id, a])),
  childrenOf: (post) => all.filter((a) => a.parent === post).sort((a, b) => a.order - b.order),
};
const md = (html: string) => wpMarkdown(html, '1', media);

describe('WordPress shortcodes', () => {
  it('reads attributes the way WordPress does', () => {
    expect(parseAttrs(` id="attachment_6" align='alignright' width=300 "quoted" bare`)).toEqual({
      id: 'attachment_6',
      align: 'alignright',
      width: '300',
      '0': 'quoted',
      '1': 'bare',
    });
    expect(parseAttrs(' LANG="php"')).toEqual({ lang: 'php' });
    expect(decodeEntities('a &lt;b&gt; &amp;&amp; &quot;c&quot; &#8230; &#x4e2d; &nbsp;&unknown;')).toBe(
      'a <b> && "c" … 中 \u00a0&unknown;',
    );
  });

  it('a caption is the picture with its caption below, from the text or the older attribute', () => {
    expect(
      md('[caption id="a" width="300"]<img src="https://x/a.jpg" alt="猫" /> 晒太阳[/caption]').markdown,
    ).toBe('![猫](https://x/a.jpg)\n\n*晒太阳*');
    expect(
      md('[caption id="a" caption="旧的写法"]<img src="https://x/a.jpg" alt="" />[/caption]').markdown,
    ).toBe('![](https://x/a.jpg)\n\n*旧的写法*');
  });

  it('a gallery is its pictures: the ids given, else the post’s attachments in their order', () => {
    const byIds = md('[gallery ids="9,5,404"]');
    expect(byIds.markdown).toBe(
      '![图9](https://old.example.com/wp-content/uploads/9.jpg)\n\n![图5](https://old.example.com/wp-content/uploads/5.jpg)\n\n*第五张*',
    );
    expect(byIds.missing).toEqual(['404']);
    expect(md('[gallery columns="2"]').markdown).toBe(
      '![图5](https://old.example.com/wp-content/uploads/5.jpg)\n\n*第五张*\n\n![图7](https://old.example.com/wp-content/uploads/7.jpg)',
    );
  });

  it('embeds, a URL alone on its line or in its paragraph, audio and video are links', () => {
    expect(md('[embed width="640"]https://v.example.com/1?a=1&amp;b=2[/embed]').markdown).toBe(
      '[https://v.example.com/1?a=1&b=2](https://v.example.com/1?a=1&b=2)',
    );
    expect(md('<p>https://t.example.com/s/1</p>').markdown).toBe(
      '[https://t.example.com/s/1](https://t.example.com/s/1)',
    );
    expect(md('[youtube=https://www.youtube.com/watch?v=x]').markdown).toBe(
      '[https://www.youtube.com/watch?v=x](https://www.youtube.com/watch?v=x)',
    );
    expect(md('[audio src="https://x/%E6%AD%8C.mp3"]').markdown).toBe(
      '[音频：歌.mp3](https://x/%E6%AD%8C.mp3)',
    );
    expect(md('[video mp4="https://x/a.mp4" webm="https://x/a.webm"][/video]').markdown).toBe(
      '[视频：a.mp4](https://x/a.mp4)\n\n[视频：a.webm](https://x/a.webm)',
    );
  });

  it('code shortcodes are fenced blocks, verbatim, entities decoded; shortcodes in code are code', () => {
    expect(md('[code language="python"]\nif a &lt; b:\n    print("[gallery]")\n[/code]').markdown).toBe(
      '```python\nif a < b:\n    print("[gallery]")\n```',
    );
    expect(md('[php]echo 1;[/php]').markdown).toBe('```php\necho 1;\n```');
    expect(md('[sourcecode]plain[/sourcecode]').markdown).toBe('```\nplain\n```');
    expect(md('<pre>[caption]x[/caption]</pre>').markdown).toBe('```\n[caption]x[/caption]\n```');
    const inline = md('用 <code>[gallery]</code> 插入相册');
    expect(inline.markdown).toBe('用 `[gallery]` 插入相册');
    expect(inline.unknown).toEqual([]);
  });

  it('an unknown shortcode stays as written and is named; an escaped one is text', () => {
    const r = md('[toc]\n\n[column width="1/2"][gallery ids="5"][/column]\n\n[[gallery]]');
    expect(r.unknown).toEqual(['column', 'toc']);
    expect(r.markdown).toContain('\\[toc\\]');
    expect(r.markdown).toContain('\\[column width="1/2"\\]');
    expect(r.markdown).toContain('![图5](https://old.example.com/wp-content/uploads/5.jpg)');
    expect(r.markdown).toContain('\\[/column\\]');
    expect(r.markdown).toContain('\\[gallery\\]');
    // Not a shortcode: a footnote mark, Chinese in brackets, a Markdown-looking link.
    expect(md('见[1]和[注意]与[链接](x)').unknown).toEqual([]);
  });
});
