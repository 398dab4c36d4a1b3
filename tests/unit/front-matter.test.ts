import { describe, expect, it } from 'vitest';
import {
  articleFromFile,
  fileFromArticle,
  parseDate,
  readArticleFile,
  splitFrontMatter,
} from '../../src/lib/front-matter.ts';

describe('front matter', () => {
  it('splits YAML front matter from the body (BOM and CRLF tolerated)', () => {
    const { data, body } = splitFrontMatter(
      '\uFEFF---\r\ntitle: 你好\r\ntags: [a, b]\r\n---\r\n\r\n正文\r\n',
    );
    expect(data).toEqual({ title: '你好', tags: ['a', 'b'] });
    expect(body).toBe('\n正文\n');
    expect(splitFrontMatter('no front matter')).toEqual({
      data: {},
      body: 'no front matter',
      format: 'none',
    });
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
    // An unknown type (Hugo's and Hexo's `type` is the page's layout) is not a reason to refuse a
    // post: it comes as an original, and the file's reading says so.
    const typed = readArticleFile('---\ntype: 9\n---\nx', 'a');
    expect(typed.article.type).toBe(1);
    expect(typed.warnings).toEqual(['type: 9 不是本站的文章类型，按原创导入']);
    expect(readArticleFile('---\ntype: post\n---\nx', 'a', { flavor: 'hugo' }).warnings).toEqual([]);
    expect(() => articleFromFile('---\ntype: reprint\n---\nx', 'a')).toThrow('origin_url');
    expect(() => articleFromFile('---\norigin_url: "javascript:x"\n---\nx', 'a')).toThrow('origin_url');
    // A title-only post (an empty body) comes; the console still asks for a body.
    expect(articleFromFile('---\ntitle: t\n---\n   \n', 'a')).toMatchObject({
      article_title: 't',
      article_content: '',
    });
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

  it('reads TOML (+++) and JSON front matter as Hugo and Hexo write them', () => {
    const toml = readArticleFile(
      [
        '+++',
        "title = 'Hugo 常用配置'",
        'date = 2023-05-14T10:20:30+08:00',
        'lastmod = 2023-06-01',
        "slug = 'Hugo常用配置'",
        "tags = ['Hugo', '静态网站']",
        "categories = ['建站']",
        "aliases = ['/old/hugo-config/']",
        'draft = false',
        '+++',
        '',
        '正文',
      ].join('\n'),
      'config',
      { flavor: 'hugo' },
    );
    expect(toml.format).toBe('toml');
    expect(toml.article).toMatchObject({
      article_title: 'Hugo 常用配置',
      slug: 'hugo-chang-yong-pei-zhi',
      createdAt: '2023-05-14T02:20:30.000Z',
      updatedAt: '2023-05-31T16:00:00.000Z',
      tagNameList: ['Hugo', '静态网站'],
      category_name: '建站',
      status: 1,
      article_content: '正文',
    });
    // The date as written, for the old address's :year/:month/:day.
    expect(toml.data.date).toBe('2023-05-14T10:20:30.000+08:00');
    expect(toml.aliases).toEqual(['/old/hugo-config/']);
    expect(() => splitFrontMatter("+++\ntitle = 'x'\ndate = \n+++\n")).toThrow(
      /^第 3 行：front matter 格式错误/,
    );

    const json = readArticleFile(
      '{\n  "title": "JSON 的文章",\n  "tags": ["a", "b"],\n  "date": "2020-01-02"\n}\n\n正文 {不是}',
      'j',
    );
    expect(json.format).toBe('json');
    expect(json.article).toMatchObject({
      article_title: 'JSON 的文章',
      tagNameList: ['a', 'b'],
      article_content: '正文 {不是}',
    });
    expect(readArticleFile(';;;\n{"title": "Hexo 的 JSON"}\n;;;\n正文', 'h').article.article_title).toBe(
      'Hexo 的 JSON',
    );
    expect(() => splitFrontMatter('{ "title": "x", }\n正文')).toThrow(
      /^第 1 行：front matter 格式错误（JSON/,
    );
    // Hexo's older files have no opening ---; only Hexo's folders are read that way.
    const old = 'title: 旧式文章\ndate: 2014-01-02\n---\n正文';
    expect(readArticleFile(old, 'old', { flavor: 'hexo' }).article).toMatchObject({
      article_title: '旧式文章',
      createdAt: '2014-01-01T16:00:00.000Z',
      article_content: '正文',
    });
    expect(readArticleFile('第一段\n---\n第二段', 'x', { flavor: 'hexo' }).article.article_content).toBe(
      '第一段\n---\n第二段',
    );
  });

  it("reads Hexo's, Hugo's and Jekyll's fields", () => {
    const hexo = readArticleFile(
      [
        '---',
        'title: 常见算法',
        'date: 2023-5-14 10:20:30',
        'updated: 2023/06/01 08:00',
        'categories:',
        '  - [前端, Vue]',
        '  - [笔记]',
        'tags: 算法',
        'index_img: /img/cover.png',
        'sticky: 100',
        'password: 123456',
        'excerpt: 摘要在这里',
        '---',
        '正文',
      ].join('\n'),
      '常见算法',
      { flavor: 'hexo' },
    ).article;
    expect(hexo).toMatchObject({
      slug: 'chang-jian-suan-fa',
      createdAt: '2023-05-14T02:20:30.000Z',
      updatedAt: '2023-06-01T00:00:00.000Z',
      category_name: '前端',
      tagNameList: ['算法'],
      article_cover: '/img/cover.png',
      is_top: 1,
      password: '123456',
      article_description: '摘要在这里',
    });
    expect(readArticleFile('---\npublished: false\ntop_img: false\n---\nx', 'a').article).toMatchObject({
      status: 3,
      article_cover: '',
    });
    const hugo = readArticleFile(
      '---\ntitle: t\ndraft: true\nsummary: Hugo 的摘要\ncover:\n  image: cover.jpg\n---\nx',
      'index',
      { flavor: 'hugo' },
    );
    expect(hugo.article).toMatchObject({ status: 3, article_description: 'Hugo 的摘要', article_cover: '' });
    // A cover beside the file (PaperMod's cover.image in a bundle) is for the import to find.
    expect(hugo.coverRef).toBe('cover.jpg');
    const jekyll = readArticleFile(
      '---\ncategories: web dev\ntags: css html\n---\nx',
      '2023-05-14-常见算法',
      {
        flavor: 'jekyll',
      },
    ).article;
    expect(jekyll).toMatchObject({
      slug: 'chang-jian-suan-fa',
      category_name: 'web',
      tagNameList: ['css', 'html'],
      createdAt: '2023-05-13T16:00:00.000Z',
    });
    expect(() => readArticleFile('---\ncover: "javascript:alert(1)"\n---\nx', 'a')).toThrow('cover');
  });

  it('never refuses a post for its name, a long tag or a long title', () => {
    const long = 'Vue3CompositionAPI实战篇';
    expect([...long]).toHaveLength(21);
    const read = readArticleFile(`---\ntitle: t\ntags: [${long}, 短]\ncategories: [${long}]\n---\nx`, 'a');
    expect(read.article.tagNameList).toEqual(['Vue3CompositionAPI实战', '短']);
    expect(read.article.category_name).toBe('Vue3CompositionAPI实战');
    expect(read.warnings).toEqual([
      `标签「${long}」超过 20 个字符，已截短为「Vue3CompositionAPI实战」`,
      `分类「${long}」超过 20 个字符，已截短为「Vue3CompositionAPI实战」`,
    ]);
    const title = '长'.repeat(101);
    expect(readArticleFile(`---\ntitle: ${title}\n---\nx`, 'a').article.article_title).toBe('长'.repeat(100));
    // Names in kana alone spell nothing: a short hash of the file's path, stable and apart.
    const kana = readArticleFile('x', 'ひらがな', { where: 'source/_posts/ひらがな.md' }).article.slug;
    expect(kana).toMatch(/^post-[0-9a-f]{8}$/);
    expect(readArticleFile('x', 'ひらがな', { where: 'source/_posts/ひらがな.md' }).article.slug).toBe(kana);
    expect(readArticleFile('x', 'ひらがな', { where: 'source/_drafts/ひらがな.md' }).article.slug).not.toBe(
      kana,
    );
    expect(readArticleFile('x', 'HTML视频播放增强脚本使用指南').article.slug).not.toBe(
      readArticleFile('x', 'HTML标签重点划注').article.slug,
    );
  });

  it("writes an article's old addresses as Hugo's aliases, and reads them back", () => {
    const text = fileFromArticle({
      article_title: '有旧地址',
      article_content: '正文',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      tagNameList: [],
      article_cover: '',
      article_description: '',
      is_top: 2,
      status: 1,
      type: 1,
      origin_url: '',
      aliases: ['/2023/05/14/常见算法', '/?p=12'],
    });
    expect(text).toMatch(/^aliases:\n {2}- \/2023\/05\/14\/常见算法\n {2}- \/\?p=12$/m);
    expect(readArticleFile(text, 'you-jiu-di-zhi').aliases).toEqual(['/2023/05/14/常见算法', '/?p=12']);
  });
});
