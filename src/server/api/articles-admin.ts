import { Hono } from 'hono';
import { z } from 'zod';
import { ArticleList } from '../../lib/contract/admin-articles.ts';
import { blankAsAbsent, id, num, oneOf, pageFields, unset } from '../../lib/contract/fields.ts';
import { META_DESCRIPTION_MAX, META_KEYWORDS_MAX } from '../../lib/seo.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { renderPreview } from '../services/article-html.ts';
import * as admin from '../services/articles/admin.ts';
import { NEW_ARTICLE, readAutosave, saveAutosave } from '../services/articles/autosave.ts';
import { bulkArticles } from '../services/articles/bulk.ts';
import { deleteTerms, listTerms, mergeTerms, type Term } from '../services/articles/terms-admin.ts';
import { requireAdmin } from './auth.ts';
import { body, check } from './validate.ts';

/**
 * The owner's article, category and tag routes of the original admin app beside ours (api/articles.ts), and
 * what the console needs beyond them (docs/api/admin.md#articles-categories-and-tags): the recycle bin,
 * autosave, the preview, merges. All admin; the admin check comes before the body is read.
 */

/** The admin app sends unset filters and a new article's id as 0, "" or null: all mean absent. */
const filter = blankAsAbsent;

const idPath = z.object({ id: id() });
const statusPath = z.object({ id: id(), status: oneOf([1, 2, 3, 4], '状态') });
/** An article id, or 0 for the article not created yet. */
const editorPath = z.object({
  id: num(z.number().int('id 必须是整数').min(0, 'id 不能为负').max(Number.MAX_SAFE_INTEGER, 'id 过大')),
});

const text = (max: number, label: string) => z.string().max(max, `${label}过长`).optional();
const DraftBody = z
  .object({
    id: z.preprocess(unset, editorPath.shape.id.optional()),
    version: filter(num(z.number().int('版本号必须是整数').min(0, '版本号不能为负'))),
    article_title: text(100, '标题'),
    article_content: text(200_000, '文章内容'),
    article_description: text(300, '简介'),
    article_cover: text(500, '封面地址'),
    category_id: id().nullable().optional(),
    category_name: text(20, '分类名称'),
    tagIdList: z.array(id()).max(20, '标签最多 20 个').optional(),
    tagNameList: z.array(z.string().max(20, '标签名称过长')).max(20, '标签最多 20 个').optional(),
    is_top: oneOf([1, 2], 'is_top ').optional(),
    order: num(z.number().int().min(0).max(1_000_000)).optional(),
    status: oneOf([1, 2, 3], 'status ').optional(),
    type: oneOf([1, 2, 3], 'type ').optional(),
    origin_url: text(500, '原文链接'),
    meta_description: text(META_DESCRIPTION_MAX, 'SEO 描述'),
    meta_keywords: text(META_KEYWORDS_MAX, 'SEO 关键词'),
  })
  .strip();

/** The article list's bulk actions; 改分类 needs the category. */
const BulkBody = z
  .object({
    idList: z.array(id()).min(1, '请选择文章').max(100, '一次最多 100 篇'),
    action: z.enum(['public', 'private', 'bin', 'category'], { error: '未知的批量操作' }),
    category_id: id().optional(),
  })
  .refine((b) => b.action !== 'category' || b.category_id, { message: '请选择分类', path: ['category_id'] });
const BULK_DONE = { public: '已公开', private: '已隐藏', bin: '已移到回收站', category: '已改分类' } as const;

const PreviewBody = z.object({
  article_content: z.string({ error: '请填写文章内容' }).max(200_000, '文章内容过长'),
});
const TitleBody = z.object({
  article_title: z.string().trim().min(1, '请填写文章标题').max(100, '文章标题最多 100 个字符'),
  id: filter(id()),
});

/** getCategoryList / getTagList, bulk delete and merge, for either kind of term. */
function termRoutes(term: Term, nameKey: string, listKey: string) {
  const ListTerms = z.object({ ...pageFields, [nameKey]: filter(z.string().trim().max(20, '名称过长')) });
  const DeleteTerms = z.object({
    [listKey]: z.array(id()).min(1, '请选择要删除的项').max(50, '一次最多删除 50 个'),
    moveTo: filter(id()),
  });
  const Merge = z.object({ from: id(), to: id() });
  const what = term === 'category' ? '分类' : '标签';
  const doc = {
    list: apiDoc({ summary: `${what}列表（后台）`, access: 'admin', body: ListTerms }),
    delete: apiDoc({
      summary: `批量删除${what}`,
      access: 'admin',
      body: DeleteTerms,
      description: `仍有文章使用时被拒绝，除非 moveTo 指定把这些文章移到的${what}；回答删除的个数。`,
    }),
    merge: apiDoc({ summary: `合并${what}`, access: 'admin', body: Merge, description: `把 from 并入 to。` }),
  };
  return new Hono<ApiEnv>()
    .post(`/${term}/get${term === 'category' ? 'Category' : 'Tag'}List`, doc.list, async (c) => {
      requireAdmin(c);
      const input = await body(c, ListTerms);
      const name = (input as Record<string, unknown>)[nameKey] as string | undefined;
      return ok(c, await listTerms(term, input.current, input.size, name));
    })
    .post(`/${term}/delete`, doc.delete, async (c) => {
      requireAdmin(c);
      const input = await body(c, DeleteTerms);
      const ids = (input as Record<string, unknown>)[listKey] as number[];
      const updateNum = await deleteTerms(term, ids, input.moveTo as number | undefined);
      return ok(c, { updateNum }, '删除成功');
    })
    .put(`/${term}/merge`, doc.merge, async (c) => {
      requireAdmin(c);
      const { from, to } = await body(c, Merge);
      return ok(c, { updateNum: await mergeTerms(term, from, to) }, '合并成功');
    });
}

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({ summary: '文章列表（后台，含回收站）', access: 'admin', body: ArticleList }),
  titleExist: apiDoc({
    summary: '标题是否已被使用',
    access: 'admin',
    body: TitleBody,
    description: 'id 为正在编辑的文章（它自己的标题不算）。',
  }),
  delete: apiDoc({
    summary: '删除文章',
    access: 'admin',
    path: statusPath,
    description: 'status 为 1、2 时移到回收站，为 3（回收站里）时彻底删除。',
  }),
  revert: apiDoc({ summary: '从回收站恢复文章', access: 'admin', path: idPath }),
  isPublic: apiDoc({ summary: '公开或隐藏文章', access: 'admin', path: statusPath }),
  bulk: apiDoc({
    summary: '批量公开、隐藏、移到回收站或改分类',
    access: 'admin',
    body: BulkBody,
    description:
      'action：public 公开私密文章，private 隐藏公开或定时文章，bin 移到回收站，category 改为 category_id；' +
      '不适用的文章不变。回答改变的篇数 updateNum。',
  }),
  autosave: apiDoc({
    summary: '自动保存草稿',
    access: 'admin',
    body: DraftBody,
    description: '编辑器每隔几秒保存未发布的内容；文章本身不变。id 不给或为 0 时是新文章。',
  }),
  getAutosave: apiDoc({
    summary: '读取自动保存的草稿',
    access: 'admin',
    path: editorPath,
    description: 'id 为 0 时是新文章的草稿；回答文章当前的版本与草稿。',
  }),
  preview: apiDoc({
    summary: '预览 Markdown',
    access: 'admin',
    body: PreviewBody,
    description:
      '与读者看到的渲染相同，回答 HTML 与目录；各顶层块另带 data-source-line（起始行号），供编辑器同步滚动。',
  }),
};

export const articleAdminRoutes = new Hono<ApiEnv>()
  .post('/article/getArticleList', doc.list, async (c) => {
    requireAdmin(c);
    const { current, size, ...f } = await body(c, ArticleList);
    return ok(c, await admin.listArticlesForAdmin(current, size, f));
  })
  .post('/article/titleExist', doc.titleExist, async (c) => {
    requireAdmin(c);
    const input = await body(c, TitleBody);
    return ok(c, await admin.titleTaken(input.article_title, input.id));
  })
  .delete('/article/delete/:id/:status', doc.delete, async (c) => {
    requireAdmin(c);
    const { id: articleId, status } = check(statusPath, c.req.param());
    const done = await admin.deleteByStatus(articleId, status);
    return ok(c, true, done === 'binned' ? '已移到回收站' : '已彻底删除');
  })
  .put('/article/revert/:id', doc.revert, async (c) => {
    requireAdmin(c);
    await admin.revertArticle(check(idPath, c.req.param()).id);
    return ok(c, true, '恢复成功');
  })
  .put('/article/isPublic/:id/:status', doc.isPublic, async (c) => {
    requireAdmin(c);
    const { id: articleId, status } = check(statusPath, c.req.param());
    const now = await admin.togglePublic(articleId, status);
    return ok(c, true, now === 1 ? '公开文章成功' : '隐藏文章成功');
  })
  .put('/article/bulk', doc.bulk, async (c) => {
    requireAdmin(c);
    const { idList, action, category_id } = await body(c, BulkBody);
    const updateNum = await bulkArticles(idList, action, category_id);
    return ok(c, { updateNum }, `${BULK_DONE[action]} ${updateNum} 篇`);
  })
  // The editor's unsaved state, every few seconds; the article itself is untouched until it is saved.
  .put('/article/autosave', doc.autosave, async (c) => {
    const user = requireAdmin(c);
    const { id: articleId, version, ...draft } = await body(c, DraftBody);
    const key = articleId ?? NEW_ARTICLE;
    return ok(
      c,
      await saveAutosave(user.id, key, draft, key === NEW_ARTICLE ? null : (version ?? null)),
      '已自动保存',
    );
  })
  .get('/article/getAutosave/:id', doc.getAutosave, async (c) => {
    const user = requireAdmin(c);
    return ok(c, await readAutosave(user.id, check(editorPath, c.req.param()).id));
  })
  // Markdown through the readers' own pipeline and time budget (article-html.ts): the same HTML, or
  // past the budget the plain text under a note saying so.
  .post('/article/preview', doc.preview, async (c) => {
    requireAdmin(c);
    const { article_content } = await body(c, PreviewBody);
    if (!article_content.trim()) return ok(c, { html: '', toc: [] });
    return ok(c, await renderPreview(article_content));
  })
  .route('/', termRoutes('category', 'category_name', 'categoryIdList'))
  .route('/', termRoutes('tag', 'tag_name', 'tagIdList'));
