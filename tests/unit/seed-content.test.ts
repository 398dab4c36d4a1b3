import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { articleFromFile } from '../../src/lib/front-matter.ts';
import { DEMO_CONTENT_DIR } from '../../src/server/seed/index.ts';
import { DemoContentError, parseDemo } from '../../src/server/seed/schema.ts';

const yamlText = readFileSync(path.join(DEMO_CONTENT_DIR, 'site.yaml'), 'utf8');

/** site.yaml with one change made to its parsed data, written back as YAML. */
function edited(change: (data: Record<string, unknown[]> & Record<string, unknown>) => void): string {
  const data = YAML.parse(yamlText);
  change(data);
  return YAML.stringify(data);
}

const errorOf = (text: string): string => {
  try {
    parseDemo(text);
  } catch (err) {
    expect(err).toBeInstanceOf(DemoContentError);
    return (err as Error).message;
  }
  throw new Error('parseDemo accepted bad content');
};

describe('demo content: site.yaml schema', () => {
  it('accepts the shipped site.yaml', () => {
    const demo = parseDemo(yamlText);
    expect(demo.users.map((u) => u.username)).toEqual(['linxiaolu', 'qiuyu_dev', 'codecat', 'afeng2048']);
    expect(demo.talks).toHaveLength(10);
    expect(Object.keys(demo.articles)).toHaveLength(15);
  });

  it('names the entry and the field of a wrong value', () => {
    const message = errorOf(
      edited((d) => {
        (d.talks[2] as Record<string, unknown>).likes = -3;
      }),
    );
    expect(message).toMatch(/^site\.yaml 有 1 处不对：/);
    expect(message).toContain('talks 第 3 条（今天把一个困扰了三天的 bug …） → likes：数值过小');
  });

  it('names a mistyped key and a missing field', () => {
    const message = errorOf(
      edited((d) => {
        const album = d.albums[1] as Record<string, unknown>;
        album.descripton = album.description;
        delete album.description;
      }),
    );
    expect(message).toContain('albums 第 2 条（城市夜色）');
    expect(message).toContain('descripton');
    expect(message).toContain('description');
  });

  it('names an entry that points at a user, article, talk or message that does not exist', () => {
    const message = errorOf(
      edited((d) => {
        (d.comments[0] as Record<string, unknown>).from = 'nobody';
        (d.likes[0] as Record<string, unknown>).on = { article: 'no-such-article' };
        (d.notifications[1] as Record<string, unknown>).on = { talk: 99 };
      }),
    );
    expect(message).toContain('comments 第 1 条（用 never 做穷尽检查这个技…） → from：没有这个用户：nobody');
    expect(message).toContain('likes 第 1 条 → on：没有这篇文章：no-such-article');
    expect(message).toContain('notifications 第 2 条（<b>秋雨</b> 评论了你的说…） → on：talk 只有 10 条');
  });

  it('refuses text that is not YAML, or not a mapping', () => {
    expect(errorOf('site: [unclosed')).toMatch(/^site\.yaml 不是合格的 YAML：/);
    expect(errorOf('- just a list')).toContain('（整个文件）');
  });
});

describe('demo content: the article files', () => {
  const dir = path.join(DEMO_CONTENT_DIR, 'articles');
  const files = readdirSync(dir).sort();
  const demo = parseDemo(yamlText);

  it('are import-format Markdown, one per entry of site.yaml, numbered in id order', () => {
    const slugs = files.map((f, i) => {
      expect(f).toMatch(new RegExp(`^${String(i + 1).padStart(2, '0')}-[a-z0-9-]+\\.md$`));
      const a = articleFromFile(readFileSync(path.join(dir, f), 'utf8'), f.replace(/\.md$/, ''));
      expect(f).toBe(`${String(i + 1).padStart(2, '0')}-${a.slug}.md`);
      expect(a.article_cover).toBe(`/uploads/demo/cover-${a.slug}.svg`);
      expect(demo.categories).toContain(a.category_name);
      for (const t of a.tagNameList) expect(demo.tags).toContain(t);
      return a.slug;
    });
    expect(slugs.sort()).toEqual(Object.keys(demo.articles).sort());
  });

  it('refer only to figures site.yaml draws', () => {
    const figures = new Set(demo.figures.map((f) => `/uploads/demo/${f.file}.svg`));
    const referenced = files.flatMap((f) =>
      [...readFileSync(path.join(dir, f), 'utf8').matchAll(/\]\((\/uploads\/demo\/fig-[\w-]+\.svg)\)/g)].map(
        (m) => m[1],
      ),
    );
    expect(referenced.length).toBeGreaterThanOrEqual(4);
    for (const url of referenced) expect(figures).toContain(url);
  });
});
