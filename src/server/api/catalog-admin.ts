import { Hono } from 'hono';
import { z } from 'zod';
import { isHttpUrl, isImageUrl } from '../../lib/community.ts';
import { choiceFilter, id, idList, num, pageFields, textFilter } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as catalog from '../services/catalog-admin.ts';
import { requireAdmin } from './auth.ts';
import { body, query } from './validate.ts';

const kind = z.enum(['front', 'back'], 'kind 只能是 front 或 back');
const text = (what: string, max: number) =>
  z.string(`${what}必须是文字`).trim().max(max, `${what}最多 ${max} 个字`);
const order = num(
  z.number('排序必须是整数').int('排序必须是整数').min(0, '排序不能小于 0').max(1_000_000, '排序超出范围'),
);

const Row = z.object({
  // Absent, "" or null: a new row.
  id: choiceFilter(id()),
  category: text('分类', 20).min(1, '请填写分类'),
  name: text('名称', 50).min(1, '请填写名称'),
  desc: text('描述', 200).default(''),
  url: z.string('链接必须是文字').trim().max(500, '链接过长').refine(isHttpUrl, '链接只能是 http(s) 地址'),
  icon: z
    .string('图标必须是文字')
    .trim()
    .max(500, '图标地址过长')
    .refine((v) => v === '' || isImageUrl(v), '图标只能是上传的图片或 http(s) 地址')
    .default(''),
  order: order.optional(),
});
const OrderBody = z.object({
  list: z
    .array(z.object({ id: id(), order }), '请提供排序列表')
    .min(1, '请提供排序列表')
    .max(200, '一次最多排序200条'),
});
const ListFields = { ...pageFields, category: textFilter(20), name: textFilter(50) };

/**
 * The five owner routes of one catalog (ours), all admin-only: `resource` (with a kind,
 * front or back) under /resources, `site` (the /siteList page) under /site.
 */
function catalogRoutes(which: catalog.Catalog, base: string, listPath: string) {
  const withKind = which === 'resource';
  const ListBody = z.object(withKind ? { ...ListFields, kind: choiceFilter(kind) } : ListFields);
  const SaveBody = withKind ? Row.extend({ kind }) : Row;
  const KindQuery = z.object({ kind: choiceFilter(kind) });
  const DeleteBody = idList(withKind ? '资源' : '网站');
  const what = withKind ? '资源' : '网站';
  const doc = {
    list: apiDoc({ summary: `${what}列表（后台）`, access: 'admin', body: ListBody }),
    categories: apiDoc({
      summary: `${what}的分类`,
      access: 'admin',
      ...(withKind ? { query: KindQuery } : {}),
    }),
    save: apiDoc({
      summary: `新增或修改${what}`,
      access: 'admin',
      body: SaveBody,
      description: '不带 id（或为 0、空）时新增。',
    }),
    order: apiDoc({ summary: `${what}排序`, access: 'admin', body: OrderBody }),
    delete: apiDoc({ summary: `删除${what}`, access: 'admin', body: DeleteBody }),
  };
  return new Hono<ApiEnv>()
    .post(`${base}/${listPath}`, doc.list, async (c) => {
      requireAdmin(c);
      return ok(c, await catalog.listCatalog(which, await body(c, ListBody)));
    })
    .get(`${base}/getCategoryDictionary`, doc.categories, async (c) => {
      requireAdmin(c);
      const q = withKind ? query(c, KindQuery) : {};
      return ok(c, await catalog.catalogCategories(which, 'kind' in q ? q.kind : undefined));
    })
    .post(`${base}/addOrUpdate`, doc.save, async (c) => {
      requireAdmin(c);
      const { id: rowId, ...input } = await body(c, SaveBody);
      const saved = await catalog.saveCatalog(which, rowId, input);
      return ok(c, { id: saved }, rowId ? '修改成功' : '添加成功');
    })
    .put(`${base}/updateOrder`, doc.order, async (c) => {
      requireAdmin(c);
      await catalog.reorderCatalog(which, (await body(c, OrderBody)).list);
      return ok(c, null, '排序已保存');
    })
    .put(`${base}/delete`, doc.delete, async (c) => {
      requireAdmin(c);
      const { idList: ids } = await body(c, DeleteBody);
      return ok(c, await catalog.deleteCatalog(which, ids), '删除成功');
    });
}

export const catalogAdminRoutes = new Hono<ApiEnv>()
  .route('/', catalogRoutes('resource', '/resources', 'getResourceList'))
  .route('/', catalogRoutes('site', '/site', 'getSiteList'));
