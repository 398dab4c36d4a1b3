import { Hono } from 'hono';
import { z } from 'zod';
import { isImageUrl, TALK_IMAGES_MAX, TALK_MAX } from '../../lib/community.ts';
import { id, num, pageFields } from '../../lib/contract/fields.ts';
import { notFound, orThrow } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { pictureFacts } from '../services/images/library.ts';
import * as talks from '../services/talks.ts';
import { requireAdmin } from './auth.ts';
import { body, params } from './validate.ts';
import { viewerOf } from './viewer.ts';

const fields = {
  content: z
    .string({ error: '请输入说说内容' })
    .trim()
    .min(1, '请输入说说内容')
    .max(TALK_MAX, `说说不能超过${TALK_MAX}个字`),
  // Ours sends URL strings, the original admin app `{url}` objects: both are read.
  talkImgList: z
    .array(
      z.preprocess(
        (v) => (v !== null && typeof v === 'object' && 'url' in v ? v.url : v),
        z.string({ error: '图片地址格式错误' }).trim().max(500).refine(isImageUrl, '图片地址格式错误'),
      ),
    )
    .max(TALK_IMAGES_MAX, `最多${TALK_IMAGES_MAX}张图片`)
    .transform((list) => [...new Set(list)]),
  is_top: num(z.literal([1, 2], 'is_top 只能是 1 或 2')),
  status: num(z.literal([1, 2], 'status 只能是 1 或 2')),
};
const PublishBody = z.object({
  content: fields.content,
  talkImgList: fields.talkImgList.default([]),
  is_top: fields.is_top.default(2),
  status: fields.status.default(1),
});
const UpdateBody = z
  .object({ id: id(), ...fields })
  .partial()
  .required({ id: true });
const TalkPage = z.object(pageFields);
const IdPath = z.object({ id: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({ summary: '说说列表', body: TalkPage, description: '公开的说说，置顶的在前。' }),
  byId: apiDoc({ summary: '说说详情', path: IdPath }),
  publish: apiDoc({ summary: '发布说说', access: 'admin', body: PublishBody }),
  update: apiDoc({ summary: '修改说说', access: 'admin', body: UpdateBody }),
  delete: apiDoc({ summary: '删除说说', access: 'admin', path: IdPath }),
};

/** Short posts: public list and detail; the admin writes them. */
export const talkRoutes = new Hono<ApiEnv>()
  .post('/talk/blogGetTalkList', doc.list, async (c) => {
    const { current, size } = await body(c, TalkPage);
    const page = await talks.listTalks(current, size, viewerOf(c));
    // The pictures' variants and sizes, so talks a page loads later get them too (an added field).
    const pictures = Object.fromEntries(await pictureFacts(page.list.flatMap((t) => t.talkImgList)));
    return ok(c, { ...page, pictures });
  })
  .get('/talk/getTalkById/:id', doc.byId, async (c) => {
    const talk = await talks.getTalk(params(c, IdPath).id, viewerOf(c));
    return ok(c, orThrow(talk, notFound(MSG.talk)));
  })
  .post('/talk/publishTalk', doc.publish, async (c) => {
    const admin = requireAdmin(c);
    const talkId = await talks.publishTalk(await body(c, PublishBody), admin.id);
    return ok(c, { id: talkId }, '发布成功');
  })
  .put('/talk/updateTalk', doc.update, async (c) => {
    requireAdmin(c);
    const { id: talkId, ...patch } = await body(c, UpdateBody);
    await talks.updateTalk(talkId, patch);
    return ok(c, null, '修改成功');
  })
  .delete('/talk/deleteTalkById/:id', doc.delete, async (c) => {
    requireAdmin(c);
    await talks.deleteTalk(params(c, IdPath).id);
    return ok(c, null, '删除成功');
  });
