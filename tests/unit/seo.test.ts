import { describe, expect, it } from 'vitest';
import { articleHead, keywordList, keywordText, pageTitle, siteHead } from '../../src/lib/seo.ts';

const site = {
  blog_name: '小站',
  personal_say: '一句签名',
  seo_title_suffix: '',
  seo_keywords: '',
  seo_description: '',
};
const article = {
  meta_description: '',
  meta_keywords: '',
  article_description: '',
  article_content: '# 标题\n\n正文**开头**的一段话。',
  is_locked: false,
  tagNameList: ['前端', 'Astro'],
};

describe('keywords', () => {
  it('split on either comma and 、, trimmed, without blanks or repeats', () => {
    expect(keywordList(' 前端， Astro ,,、博客,前端 ')).toEqual(['前端', 'Astro', '博客']);
    expect(keywordText('a，b ,  c')).toBe('a,b,c');
    expect(keywordText('  ')).toBe('');
  });
});

describe("an article page's head", () => {
  it('uses its own description and keywords first', () => {
    expect(articleHead({ ...article, meta_description: ' 自己的描述 ', meta_keywords: 'x，y' })).toEqual({
      description: '自己的描述',
      keywords: 'x,y',
    });
  });

  it('falls back to the summary, then the start of the body, and to the tags', () => {
    expect(articleHead({ ...article, article_description: '简介' })).toEqual({
      description: '简介',
      keywords: '前端,Astro',
    });
    expect(articleHead(article).description).toBe('标题 正文开头的一段话。');
  });

  it("never takes a password-protected article's body", () => {
    const locked = { ...article, is_locked: true, article_content: '机密正文' };
    expect(articleHead(locked).description).toBe('');
    expect(articleHead({ ...locked, article_description: '公开简介' }).description).toBe('公开简介');
  });
});

describe("the site's head", () => {
  it('titles a page with the suffix, else the blog name; the home page is the blog name', () => {
    expect(pageTitle(site, '归档')).toBe('归档 - 小站');
    expect(pageTitle({ ...site, seo_title_suffix: ' 小站 · 技术笔记 ' }, '归档')).toBe(
      '归档 - 小站 · 技术笔记',
    );
    expect(pageTitle({ ...site, seo_title_suffix: '后缀' })).toBe('小站');
  });

  it('describes with its own description, else the 个性签名, else the name', () => {
    expect(siteHead(site)).toEqual({ description: '一句签名', keywords: '' });
    expect(siteHead({ ...site, seo_description: '站点描述', seo_keywords: 'a，b' })).toEqual({
      description: '站点描述',
      keywords: 'a,b',
    });
    expect(siteHead({ ...site, personal_say: '' }).description).toBe('小站');
  });
});
