import { describe, expect, it } from 'vitest';
import { articleFromFile, fileFromArticle, parseDate, splitFrontMatter } from '../../src/lib/front-matter.ts';

describe('front matter', () => {
  it('splits YAML front matter from the body (BOM and CRLF tolerated)', () => {
    const { data, body } = splitFrontMatter(
      '\uFEFF---\r\ntitle: 你好\r\ntags: [a, b]\r\n---\r\n\r\n正文\r\n',
    );
    expect(data).toEqual({ title: '你好', tags: ['a', 'b'] });
    expect(body).toBe('\n正文\n');
    expect(splitFrontMatter('no front matter')).toEqual({ data: {}, body: 'no front matter' });
    expect(() => splitFrontMatter('---\n- a\n---\nx')).toThrow('键值对');
  });

  it('dates: ISO kept, bare dates are China time, nonsense refused', () => {
    expect(parseDate('2024-03-05')).toBe('2024-03-04T16:00:00.000Z');
    expect(parseDate('2024-03-05 08:30')).toBe('2024-03-05T00:30:00.000Z');
    expect(parseDate('2024-03-05T01:02:03.000Z')).toBe('2024-03-05T01:02:03.000Z');
    expect(parseDate(undefined)).toBeUndefined();
    expect(() => parseDate('yesterday')).toThrow('日期格式不正确');
  });

  it('maps fields with defaults and checks them', () => {
    const a = articleFromFile('---\ntags: "x，y, x"\ntop: 1\n---\n\n\n# 标题来自正文\n\nbody\n\n', 'My File');
    expect(a).toMatchObject({
      slug: 'my-file',
      article_title: '标题来自正文',
      article_content: '# 标题来自正文\n\nbody',
      tagNameList: ['x', 'y'],
      is_top: 1,
      status: 1,
      type: 1,
    });
    expect(() => articleFromFile('---\nstatus: constructor\n---\nx', 'a')).toThrow('status');
    expect(() => articleFromFile('---\ntype: 9\n---\nx', 'a')).toThrow('type');
    expect(() => articleFromFile('---\ntype: reprint\n---\nx', 'a')).toThrow('origin_url');
    expect(() => articleFromFile('---\norigin_url: "javascript:x"\n---\nx', 'a')).toThrow('origin_url');
    expect(() => articleFromFile('---\ntitle: t\n---\n   \n', 'a')).toThrow('正文为空');
    // A Chinese file name is a slug in pinyin, never a refusal.
    expect(articleFromFile('x', '中文文件名').slug).toBe('zhong-wen-wen-jian-ming');
    expect(articleFromFile('---\nslug: given-slug\n---\nx', '中文文件名').slug).toBe('given-slug');
  });

  it('file text and article fields are inverses', () => {
    const fields = {
      article_title: '标题: 带冒号 # 和井号',
      article_content: '---\n不是 front matter\n\n```js\nx\n```',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-02T00:00:00.000Z',
      category_name: '分类',
      tagNameList: ['a', 'b'],
      article_cover: '',
      article_description: 'it\'s "quoted"',
      is_top: 2,
      status: 3,
      type: 2,
      origin_url: 'https://example.com/x?a=1&b=2',
    };
    const back = articleFromFile(fileFromArticle(fields), 'some-slug');
    expect(back).toEqual({ ...fields, slug: 'some-slug' });
  });

  it('keeps a schedule, SEO text and a password hash; refuses what it cannot take', () => {
    const hash = `$argon2id$v=19$m=19456,t=2,p=1$${'a'.repeat(22)}$${'b'.repeat(43)}`;
    const fields = {
      article_title: '定时',
      article_content: '正文',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-02T00:00:00.000Z',
      tagNameList: [],
      article_cover: '',
      article_description: '',
      is_top: 2,
      status: 4,
      type: 1,
      origin_url: '',
      publish_at: '2030-05-01T00:00:00.000Z',
      meta_description: '简介',
      meta_keywords: '甲, 乙',
      password_hash: hash,
    };
    const text = fileFromArticle(fields);
    expect(text).toContain('status: scheduled');
    expect(text).toContain('keywords: 甲, 乙');
    expect(articleFromFile(text, 'ding-shi')).toEqual({
      ...fields,
      slug: 'ding-shi',
      category_name: undefined,
    });
    // Unset, they are not written: the file of a plain article has none of these keys.
    const plain = fileFromArticle({
      ...fields,
      status: 1,
      publish_at: null,
      meta_description: '',
      meta_keywords: '',
      password_hash: '',
    });
    expect(plain).not.toMatch(/publish_at|meta_description|keywords|password/);
    expect(articleFromFile(plain, 'a')).not.toHaveProperty('meta_description');
    // Keywords as a list (Hugo), a plain password (hexo-blog-encrypt).
    expect(articleFromFile('---\nkeywords: [甲, 乙]\npassword: abc\n---\nx', 'a')).toMatchObject({
      meta_keywords: '甲, 乙',
      password: 'abc',
    });
    expect(() => articleFromFile('---\nstatus: scheduled\n---\nx', 'a')).toThrow('publish_at');
    expect(() => articleFromFile('---\npassword_hash: "123456"\n---\nx', 'a')).toThrow('password_hash');
  });
});
