import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formOf, saveBody, textStats, withDraft } from '../../src/admin/editor/form.ts';
import type { ArticleDetail } from '../../src/lib/contract/articles.ts';

const article = {
  id: 7,
  article_title: '标题',
  article_content: '正文',
  article_description: '',
  article_cover: '',
  categoryName: '随笔',
  tagNameList: ['a', 'b'],
  status: 1,
  type: 1,
  origin_url: '',
  is_top: 2,
} as unknown as ArticleDetail;

describe('the article editor form', () => {
  it('an autosaved draft overrides only the fields it holds', () => {
    const f = withDraft(formOf(article), { article_content: '改过的正文', status: 3, category_id: null });
    expect(f).toMatchObject({ article_title: '标题', article_content: '改过的正文', status: 3 });
    expect(f.category_name).toBe('随笔');
    expect(f.tagNameList).toEqual(['a', 'b']);
  });

  it('saves the category by name, or clears it; an original drops its origin URL', () => {
    const named = saveBody({ ...formOf(article), origin_url: 'https://x.example' }, 1);
    expect(named).toMatchObject({ category_name: '随笔', origin_url: '', status: 1 });
    expect(named).not.toHaveProperty('category_id');
    const none = saveBody({ ...EMPTY_FORM, article_title: '  t  ', type: 2, origin_url: ' https://o ' }, 3);
    expect(none).toMatchObject({ category_id: null, article_title: 't', origin_url: 'https://o', status: 3 });
    expect(none).not.toHaveProperty('category_name');
  });

  it('counts readable characters, not the markup or code', () => {
    expect(textStats('# 标题\n\n**你好** 世界\n\n```ts\nconst x = 1;\n```').words).toBe(6);
    expect(textStats('').minutes).toBe(1);
    expect(textStats('字'.repeat(4000)).minutes).toBe(10);
  });
});
