import { Hono } from 'hono';
import { z } from 'zod';
import { ARTICLE_STATUS, ARTICLE_TYPE, isSafeUrl, SLUG_PATTERN } from '../../lib/article.ts';
import { blankAsAbsent, id, num, pageFields } from '../../lib/contract/fields.ts';
import { keywordText, META_DESCRIPTION_MAX, META_KEYWORDS_MAX } from '../../lib/seo.ts';
import { clientIp } from '../core/client-ip.ts';
import { invalid, notFound, orThrow } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { withAdminNote } from '../services/article-html.ts';
import { clearAutosave, NEW_ARTICLE } from '../services/articles/autosave.ts';
import * as articles from '../services/articles.ts';
import { isAdmin } from '../services/auth.ts';
import { fromOriginal, OriginalArticleFields, originalKeys } from './article-body.ts';
import { requireAdmin } from './auth.ts';
import { body, check } from './validate.ts';

/** Articles, categories and tags: docs/api/public.md#articles-and-taxonomy. */

const pagePath = z.object(pageFields);
/** A reading report above a day is no reading: refused rather than clamped. */
const MAX_READING_REPORT_REFUSED_MS = 24 * 60 * 60 * 1000;
const idPath = z.object({ id: id() });
const link = (label: string) =>
  z.string().trim().max(500, `${label}过长`).refine(isSafeUrl, `${label}必须是 http(s) 地址或站内路径`);
const name = (label: string) => z.string().trim().min(1, `请填写${label}`).max(20, `${label}最多 20 个字符`);

/** 2030-01-01T08:00:00+08:00, …Z, with or without seconds and fractions: a zone is required. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const ArticleFields = {
  article_title: z.string().trim().min(1, '请填写文章标题').max(100, '文章标题最多 100 个字符'),
  article_content: z.string().min(1, '请填写文章内容').max(200_000, '文章内容过长'),
  article_cover: link('封面地址'),
  article_description: z.string().trim().max(300, '文章简介最多 300 个字符'),
  category_id: id().nullable(),
  category_name: name('分类名称'),
  tagIdList: z.array(id()).max(20, '标签最多 20 个'),
  tagNameList: z.array(name('标签名称')).max(20, '标签最多 20 个'),
  is_top: num(z.number().int().min(1).max(2)),
  order: num(z.number().int().min(0).max(1_000_000)),
  status: num(z.number().int().min(1, '状态只能是 1、2、3').max(3, '状态只能是 1、2、3')),
  type: num(z.number().int().min(1, '类型只能是 1、2、3').max(3, '类型只能是 1、2、3')),
  origin_url: link('原文链接'),
  slug: z.string().trim().regex(SLUG_PATTERN, '链接别名只能包含小写字母、数字和连字符'),
  // docs/api/admin.md#scheduled-and-password-protected-articles: a time with its zone; "" or null, none.
  publish_at: z
    .string({ error: '发布时间必须是 ISO 8601 时间' })
    .trim()
    .max(40, '发布时间必须是 ISO 8601 时间')
    .refine(
      (v) => v === '' || (ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))),
      '发布时间必须是 ISO 8601 时间',
    )
    .nullable(),
  password: z.string({ error: '文章密码必须是文字' }).max(64, '文章密码最多 64 个字符'),
  // docs/owner-guide.md#seo: "" falls back to the summary and the tags.
  meta_description: z
    .string({ error: 'SEO 描述必须是文字' })
    .trim()
    .max(META_DESCRIPTION_MAX, `SEO 描述最多 ${META_DESCRIPTION_MAX} 个字符`),
  meta_keywords: z
    .string({ error: 'SEO 关键词必须是文字' })
    .max(META_KEYWORDS_MAX, `SEO 关键词最多 ${META_KEYWORDS_MAX} 个字符`)
    .transform(keywordText),
  // docs/api/admin.md#rendered-when-saved: store a body the renderer cannot finish as plain text.
  allow_plain: z.boolean({ error: 'allow_plain 只能是 true 或 false' }),
};

/** A reprint or translation names its source. */
const needsOrigin = (a: { type?: number; origin_url?: string }) =>
  !(a.type && a.type !== ARTICLE_TYPE.original && !a.origin_url);
const originMessage = { message: MSG.needOrigin, path: ['origin_url'] };

const ArticleCreate = z.preprocess(
  originalKeys,
  z
    .object({
      ...ArticleFields,
      article_cover: ArticleFields.article_cover.optional(),
      article_description: ArticleFields.article_description.optional(),
      category_id: ArticleFields.category_id.optional(),
      category_name: ArticleFields.category_name.optional(),
      tagIdList: ArticleFields.tagIdList.optional(),
      tagNameList: ArticleFields.tagNameList.optional(),
      is_top: ArticleFields.is_top.optional(),
      order: ArticleFields.order.optional(),
      status: ArticleFields.status.optional(),
      type: ArticleFields.type.optional(),
      origin_url: ArticleFields.origin_url.optional(),
      slug: ArticleFields.slug.optional(),
      publish_at: ArticleFields.publish_at.optional(),
      password: ArticleFields.password.optional(),
      meta_description: ArticleFields.meta_description.optional(),
      meta_keywords: ArticleFields.meta_keywords.optional(),
      allow_plain: ArticleFields.allow_plain.optional(),
      ...OriginalArticleFields,
    })
    .strip()
    .transform(fromOriginal)
    .refine(needsOrigin, originMessage),
);

/** Ours is a partial patch; `version` is the one the editor loaded (a newer one refuses unless `overwrite`). */
const ArticleUpdate = z.preprocess(
  originalKeys,
  z
    .object({ id: id(), ...ArticleFields })
    .partial()
    .required({ id: true })
    .extend({
      ...OriginalArticleFields,
      version: num(z.number().int('版本号必须是整数').min(0, '版本号不能为负')).optional(),
      overwrite: z.boolean({ error: 'overwrite 只能是 true 或 false' }).optional(),
    })
    .strip()
    .transform(fromOriginal),
);

const TermPage = z.object({ id: id(), ...pageFields });
const SearchPath = z.object({ text: z.string().max(200, '搜索内容过长') });
const DurationPath = z.object({
  id: id(),
  duration: num(
    z
      .number()
      .int('阅读时长必须是整数毫秒')
      .min(0, '阅读时长不能为负')
      .max(MAX_READING_REPORT_REFUSED_MS, '阅读时长过长'),
  ),
});
const AdminList = z.object({ ...pageFields, status: blankAsAbsent(num(z.number().int().min(1).max(3))) });
const TopPath = z.object({
  id: id(),
  is_top: num(z.number().int().min(1, 'is_top 只能是 1 或 2').max(2, 'is_top 只能是 1 或 2')),
});
const CategoryAdd = z.object({ category_name: name('分类名称') });
const CategoryUpdate = CategoryAdd.extend({ id: id() });
const TagAdd = z.object({ tag_name: name('标签名称') });
const TagUpdate = TagAdd.extend({ id: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  home: apiDoc({
    summary: '首页文章列表',
    path: pagePath,
    description: '置顶的在前（按 order），其余按发布时间倒序。',
  }),
  timeline: apiDoc({ summary: '归档', path: pagePath, description: '按年分组的文章。' }),
  byTag: apiDoc({ summary: '标签下的文章', body: TermPage }),
  byCategory: apiDoc({ summary: '分类下的文章', body: TermPage }),
  byId: apiDoc({
    summary: '文章详情',
    path: idPath,
    description: '计一次阅读；私密文章和草稿只有管理员能看到。',
  }),
  recommend: apiDoc({ summary: '上一篇、下一篇与推荐', path: idPath }),
  hot: apiDoc({ summary: '热门文章', description: '阅读最多的 5 篇。' }),
  search: apiDoc({
    summary: '搜索文章',
    path: SearchPath,
    description: '最多 8 篇，正文为命中处前后的摘录。',
  }),
  addView: apiDoc({ summary: '记录一次阅读', path: idPath, description: '回答当前的阅读量。' }),
  readingDuration: apiDoc({ summary: '上报阅读时长', path: DurationPath, description: '单位毫秒。' }),
  adminList: apiDoc({ summary: '文章列表（后台）', access: 'admin', body: AdminList }),
  adminPreview: apiDoc({
    summary: '预览任意文章',
    access: 'admin',
    path: idPath,
    description: '私密文章和草稿也可，带渲染好的正文与目录。',
  }),
  add: apiDoc({ summary: '发布文章', access: 'admin', body: ArticleCreate }),
  update: apiDoc({
    summary: '修改文章',
    access: 'admin',
    body: ArticleUpdate,
    description: 'version 为编辑器载入时的版本：文章已有更新的版本时被拒绝，除非 overwrite 为 true。',
  }),
  delete: apiDoc({
    summary: '删除文章',
    access: 'admin',
    path: idPath,
    description: '彻底删除，连同它的评论与点赞。',
  }),
  top: apiDoc({ summary: '置顶或取消置顶', access: 'admin', path: TopPath }),
  categories: apiDoc({ summary: '分类字典', description: '每个分类与其文章数。' }),
  addCategory: apiDoc({ summary: '新增分类', access: 'admin', body: CategoryAdd }),
  updateCategory: apiDoc({ summary: '修改分类', access: 'admin', body: CategoryUpdate }),
  deleteCategory: apiDoc({ summary: '删除分类', access: 'admin', path: idPath }),
  tags: apiDoc({ summary: '标签字典', description: '每个标签与其文章数。' }),
  addTag: apiDoc({ summary: '新增标签', access: 'admin', body: TagAdd }),
  updateTag: apiDoc({ summary: '修改标签', access: 'admin', body: TagUpdate }),
  deleteTag: apiDoc({ summary: '删除标签', access: 'admin', path: idPath }),
};

export const articleRoutes = new Hono<ApiEnv>()
  .get('/article/blogHomeGetArticleList/:current/:size', doc.home, async (c) => {
    const { current, size } = check(pagePath, c.req.param());
    return ok(c, await articles.listHomeArticles(current, size));
  })
  .get('/article/blogTimelineGetArticleList/:current/:size', doc.timeline, async (c) => {
    const { current, size } = check(pagePath, c.req.param());
    return ok(c, await articles.listTimeline(current, size));
  })
  .post('/article/getArticleListByTagId', doc.byTag, async (c) => {
    const { id: tagId, current, size } = await body(c, TermPage);
    orThrow(await articles.getTag(tagId, { admin: isAdmin(c.get('user')) }), notFound(MSG.tag));
    return ok(c, await articles.listArticlesByTag(tagId, current, size));
  })
  .post('/article/getArticleListByCategoryId', doc.byCategory, async (c) => {
    const { id: categoryId, current, size } = await body(c, TermPage);
    orThrow(
      await articles.getCategory(categoryId, { admin: isAdmin(c.get('user')) }),
      notFound(MSG.category),
    );
    return ok(c, await articles.listArticlesByCategory(categoryId, current, size));
  })
  .get('/article/getArticleById/:id', doc.byId, async (c) => {
    const { id: articleId } = check(idPath, c.req.param());
    const user = c.get('user');
    // Private and draft articles read as missing to everyone but the admin.
    const article = orThrow(
      await articles.getArticle(articleId, { admin: isAdmin(user) }),
      notFound(MSG.article),
    );
    // One view per visitor and article in a window: the page render and this call do not add up.
    if (article.status === ARTICLE_STATUS.public && (await articles.countView(articleId, clientIp(c))))
      article.view_times += 1;
    return ok(c, article);
  })
  .get('/article/getRecommendArticleById/:id', doc.recommend, async (c) => {
    const { id: articleId } = check(idPath, c.req.param());
    const found = orThrow(await articles.getRecommendations(articleId), notFound(MSG.article));
    // The original contract: at either end previous/next is the current article, never null;
    // its client reads their fields unguarded. Our own page keeps the service's null (no self-link).
    const { current, previous, next, recommend } = found;
    return ok(c, { previous: previous ?? current, next: next ?? current, recommend });
  })
  .get('/article/getHotArticle', doc.hot, async (c) => ok(c, await articles.getHotArticles()))
  .get('/article/getArticleListByContent/:text', doc.search, async (c) => {
    const { text } = check(SearchPath, c.req.param());
    return ok(c, await articles.searchArticles(text));
  })
  // The article page's view beacon: its HTML is cached and the same for everyone, so the browser
  // reports the view once per page view (deduplicated per address, like getArticleById).
  .put('/article/addView/:id', doc.addView, async (c) => {
    const { id: articleId } = check(idPath, c.req.param());
    const article = orThrow(await articles.getArticle(articleId), notFound(MSG.article));
    const counted = await articles.countView(articleId, clientIp(c));
    return ok(c, { view_times: article.view_times + (counted ? 1 : 0) });
  })
  .put('/article/addReadingDuration/:id/:duration', doc.readingDuration, async (c) => {
    // Milliseconds, as the original's client sends them; a report over a day is refused as absurd,
    // anything up to that counts at most MAX_READING_REPORT_MS (the service clamps).
    const { id: articleId, duration } = check(DurationPath, c.req.param());
    await articles.addReadingDuration(articleId, duration);
    return ok(c, null);
  })
  // Admin
  .post('/article/adminGetArticleList', doc.adminList, async (c) => {
    requireAdmin(c);
    const { current, size, status } = await body(c, AdminList);
    return ok(c, await articles.listAllArticles(current, size, status));
  })
  // The admin's view of any article (private and draft too) with its rendered body: the article page
  // shows these to the admin only, from the browser, so the page HTML stays the same for everyone.
  .get('/article/adminPreview/:id', doc.adminPreview, async (c) => {
    requireAdmin(c);
    const article = orThrow(
      await articles.getArticle(check(idPath, c.req.param()).id, { admin: true }),
      notFound(MSG.article),
    );
    // A body shown as plain text (its render ran out of time) comes with the admin's note.
    const { html, toc } = withAdminNote(await articles.renderedArticle(article));
    return ok(c, { article, html, toc });
  })
  .post('/article/add', doc.add, async (c) => {
    const admin = requireAdmin(c);
    const input = await body(c, ArticleCreate);
    const articleId = await articles.createArticle(input, admin.id);
    await clearAutosave(admin.id, NEW_ARTICLE);
    return ok(c, { id: articleId, version: 1 }, '发布成功');
  })
  .put('/article/update', doc.update, async (c) => {
    const admin = requireAdmin(c);
    const { id: articleId, version, overwrite, ...patch } = await body(c, ArticleUpdate);
    if (patch.type !== undefined || patch.origin_url !== undefined) {
      const current = await articles.getArticle(articleId, { admin: true });
      if (
        current &&
        !needsOrigin({ type: patch.type ?? current.type, origin_url: patch.origin_url ?? current.origin_url })
      )
        throw invalid(originMessage.message);
    }
    const saved = await articles.updateArticle(articleId, patch, { version, overwrite, by: admin.id });
    await clearAutosave(admin.id, articleId);
    return ok(c, { id: articleId, version: saved }, '修改成功');
  })
  .delete('/article/delete/:id', doc.delete, async (c) => {
    requireAdmin(c);
    const { id: articleId } = check(idPath, c.req.param());
    await articles.deleteArticle(articleId);
    return ok(c, null, '删除成功');
  })
  .put('/article/updateTop/:id/:is_top', doc.top, async (c) => {
    requireAdmin(c);
    const { id: articleId, is_top } = check(TopPath, c.req.param());
    await articles.setArticleTop(articleId, is_top);
    return ok(c, null, is_top === 1 ? '置顶成功' : '取消置顶成功');
  })
  // Categories
  // `name` is ours, `category_name` the original's (its clients label their selects with it).
  .get('/category/getCategoryDictionary', doc.categories, async (c) => {
    const list = await articles.categoryDictionary({ admin: isAdmin(c.get('user')) });
    return ok(
      c,
      list.map((e) => ({ ...e, category_name: e.name })),
    );
  })
  .post('/category/add', doc.addCategory, async (c) => {
    requireAdmin(c);
    const { category_name } = await body(c, CategoryAdd);
    // The original's result is the new row ({id, category_name}); ours was {id}.
    return ok(c, { id: await articles.addCategory(category_name), category_name }, '新增成功');
  })
  .put('/category/update', doc.updateCategory, async (c) => {
    requireAdmin(c);
    const input = await body(c, CategoryUpdate);
    await articles.updateCategory(input.id, input.category_name);
    return ok(c, null, '修改成功');
  })
  .delete('/category/delete/:id', doc.deleteCategory, async (c) => {
    requireAdmin(c);
    await articles.deleteCategory(check(idPath, c.req.param()).id);
    return ok(c, null, '删除成功');
  })
  // Tags
  // `name` is ours, `tag_name` the original's (its word cloud and article form read it).
  .get('/tag/getTagDictionary', doc.tags, async (c) => {
    const list = await articles.tagDictionary({ admin: isAdmin(c.get('user')) });
    return ok(
      c,
      list.map((e) => ({ ...e, tag_name: e.name })),
    );
  })
  .post('/tag/add', doc.addTag, async (c) => {
    requireAdmin(c);
    const { tag_name } = await body(c, TagAdd);
    return ok(c, { id: await articles.addTag(tag_name), tag_name }, '新增成功');
  })
  .put('/tag/update', doc.updateTag, async (c) => {
    requireAdmin(c);
    const input = await body(c, TagUpdate);
    await articles.updateTag(input.id, input.tag_name);
    return ok(c, null, '修改成功');
  })
  .delete('/tag/delete/:id', doc.deleteTag, async (c) => {
    requireAdmin(c);
    await articles.deleteTag(check(idPath, c.req.param()).id);
    return ok(c, null, '删除成功');
  });
