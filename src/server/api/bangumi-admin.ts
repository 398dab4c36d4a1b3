import { Hono } from 'hono';
import { z } from 'zod';
import { isHttpUrl, isImageUrl } from '../../lib/community.ts';
import { choiceFilter, id, idList, num, pageFields, textFilter } from '../../lib/contract/fields.ts';
import { invalid, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as bangumi from '../services/bangumi-admin.ts';
import { requireAdmin } from './auth.ts';
import { body, params } from './validate.ts';

const status = num(z.literal([1, 2, 3], 'status 只能是 1、2 或 3'));
const count = (what: string) =>
  num(
    z
      .number(`${what}必须是整数`)
      .int(`${what}必须是整数`)
      .min(0, `${what}不能小于 0`)
      .max(100_000, `${what}过大`),
  );
const text = (what: string, max: number) =>
  z.string(`${what}必须是文字`).trim().max(max, `${what}最多 ${max} 个字`);

const fields = {
  title: text('番剧名称', 100).min(1, '请填写番剧名称'),
  title_cn: text('中文名', 100),
  cover: z
    .string('封面必须是文字')
    .trim()
    .max(500, '封面地址过长')
    .refine((v) => v === '' || isImageUrl(v), '封面只能是上传的图片或 http(s) 地址'),
  status,
  progress: count('进度'),
  total_episodes: count('总集数'),
  score: num(z.number('评分必须是数字').min(0, '评分应在 0 到 10 之间').max(10, '评分应在 0 到 10 之间')),
  summary: text('简介', 1000),
  url: z
    .string('链接必须是文字')
    .trim()
    .max(500, '链接过长')
    .refine((v) => v === '' || isHttpUrl(v), '链接只能是 http(s) 地址'),
};

const AddBody = z.object({
  ...fields,
  title_cn: fields.title_cn.default(''),
  cover: fields.cover.default(''),
  status: status.default(1),
  progress: fields.progress.default(0),
  total_episodes: fields.total_episodes.default(0),
  score: fields.score.default(0),
  summary: fields.summary.default(''),
  url: fields.url.default(''),
});
const UpdateBody = z.object(fields).partial().extend({ id: id() });
const ListBody = z.object({
  ...pageFields,
  status: choiceFilter(status),
  title: textFilter(),
});

const StatusPath = z.object({ id: id(), status });
const ProgressPath = z.object({ id: id(), progress: count('进度') });
const DeleteBody = idList('番剧');

/** The owner's anime list (ours): every route is admin-only. */
const doc = {
  list: apiDoc({ summary: '番剧列表（后台）', access: 'admin', body: ListBody }),
  add: apiDoc({ summary: '添加番剧', access: 'admin', body: AddBody }),
  update: apiDoc({ summary: '修改番剧', access: 'admin', body: UpdateBody }),
  status: apiDoc({ summary: '修改追番状态', access: 'admin', path: StatusPath }),
  progress: apiDoc({ summary: '修改观看进度', access: 'admin', path: ProgressPath }),
  delete: apiDoc({ summary: '删除番剧', access: 'admin', body: DeleteBody }),
};

export const bangumiAdminRoutes = new Hono<ApiEnv>()
  .post('/bangumi/getBangumiList', doc.list, async (c) => {
    requireAdmin(c);
    return ok(c, await bangumi.listBangumiAdmin(await body(c, ListBody)));
  })
  .post('/bangumi/add', doc.add, async (c) => {
    requireAdmin(c);
    return ok(c, await bangumi.addBangumi(await body(c, AddBody)), '添加成功');
  })
  .put('/bangumi/update', doc.update, async (c) => {
    requireAdmin(c);
    const { id: bangumiId, ...patch } = await body(c, UpdateBody);
    if (Object.keys(patch).length === 0) throw invalid(MSG.nothingToChange);
    await bangumi.updateBangumi(bangumiId, patch);
    return ok(c, null, '修改成功');
  })
  .put('/bangumi/updateStatus/:id/:status', doc.status, async (c) => {
    requireAdmin(c);
    const p = params(c, StatusPath);
    await bangumi.setBangumiStatus(p.id, p.status);
    return ok(c, null, '修改成功');
  })
  .put('/bangumi/updateProgress/:id/:progress', doc.progress, async (c) => {
    requireAdmin(c);
    const p = params(c, ProgressPath);
    await bangumi.setBangumiProgress(p.id, p.progress);
    return ok(c, null, '修改成功');
  })
  .put('/bangumi/delete', doc.delete, async (c) => {
    requireAdmin(c);
    const { idList: ids } = await body(c, DeleteBody);
    const n = await bangumi.deleteBangumi(ids);
    if (n === 0) throw notFound(MSG.bangumi);
    return ok(c, n, '删除成功');
  });
