import { Hono } from 'hono';
import { z } from 'zod';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  GUEST_NAME_MAX,
  isBgColor,
  isHexColor,
  isUploadPath,
  MESSAGE_MAX,
  MESSAGE_TAG_MAX,
} from '../../lib/community.ts';
import { reviewStatusFilter } from '../../lib/contract/admin-comments.ts';
import { choiceFilter, id, num, pageFields, textFilter, timeFilter } from '../../lib/contract/fields.ts';
import { clientIp } from '../core/client-ip.ts';
import { invalid, tooMany } from '../core/errors.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { isAdmin } from '../services/auth.ts';
import { newChallenge, spendSolution } from '../services/captcha.ts';
import * as messages from '../services/messages.ts';
import { guardSettings } from '../services/site.ts';
import { refuseGuestName } from '../services/users.ts';
import { placeOf } from '../services/writer-place.ts';
import { requireAdmin, requireUser } from './auth.ts';
import { body } from './validate.ts';
import { viewerOf } from './viewer.ts';

const ListBody = z.object({
  ...pageFields,
  tag: z.preprocess((v) => v ?? undefined, z.string().trim().max(MESSAGE_TAG_MAX).default('')),
  // The admin app's filters: a substring of the text and a creation window.
  message: textFilter(MESSAGE_MAX),
  time: timeFilter,
  // Ours: one member's messages, for the console's user panel.
  user_id: choiceFilter(id()),
  // Ours, for the admin: one state of the moderation queue (others' lists are published only).
  review_status: reviewStatusFilter,
});

const Look = z.object({
  message: z
    .string({ error: '请输入留言内容' })
    .trim()
    .min(1, '请输入留言内容')
    .max(MESSAGE_MAX, `留言不能超过${MESSAGE_MAX}个字`),
  tag: z.string().trim().max(MESSAGE_TAG_MAX, `标签不能超过${MESSAGE_TAG_MAX}个字`).default(''),
  color: z
    .string()
    .trim()
    .refine((v) => v === '' || isHexColor(v), '文字颜色格式错误')
    .default(''),
  font_size: num(
    z
      .number()
      .int()
      .min(FONT_SIZE_MIN, `字号应在${FONT_SIZE_MIN}-${FONT_SIZE_MAX}之间`)
      .max(FONT_SIZE_MAX, `字号应在${FONT_SIZE_MIN}-${FONT_SIZE_MAX}之间`),
  ).default(16),
  font_weight: num(z.literal([400, 500, 700], '字重只能是 400、500 或 700')).default(400),
  bg_color: z.string().trim().refine(isBgColor, '背景颜色格式错误').default(''),
  bg_url: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || isUploadPath(v), '背景图片只能使用本站的图片')
    .default(''),
});
// A member's name comes from the account; only guests type one. Any user_id in the body is dropped.
const AddBody = Look.extend({
  nick_name: z.string().trim().max(GUEST_NAME_MAX, `昵称不能超过${GUEST_NAME_MAX}个字`).default(''),
  // A guest's solved proof of work (the altcha widget's payload): docs/api/public.md#guest-captcha.
  altcha: z.string().max(4000).optional(),
});
const UpdateBody = Look.extend({ id: id() });
const DeleteBody = z.object({ idList: z.array(id()).min(1, '请选择留言').max(50, '一次最多删除50条') });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({ summary: '留言列表', body: ListBody }),
  all: apiDoc({ summary: '全部留言（弹幕）', description: '最新的在前，有上限。' }),
  hotTags: apiDoc({ summary: '热门留言标签', description: '最多 10 个。' }),
  challenge: apiDoc({
    summary: '人机验证题目',
    description: '游客留言前要解的工作量证明（ALTCHA）；每个地址每分钟最多 30 次。',
  }),
  add: apiDoc({
    summary: '发表留言',
    body: AddBody,
    description: '游客也可以留言（nick_name 为游客自填的昵称）；每分钟最多 5 条。',
  }),
  update: apiDoc({ summary: '修改留言', access: 'login', body: UpdateBody, description: '作者或管理员。' }),
  delete: apiDoc({ summary: '删除留言', access: 'login', body: DeleteBody, description: '作者或管理员。' }),
  backDelete: apiDoc({ summary: '批量删除留言（后台）', access: 'admin', body: DeleteBody }),
};

/** What a guest's message without a valid, unused solution is refused with. */
export const CAPTCHA_MESSAGE = '请先完成人机验证';

/** Challenges per address: a person opens the form a few times, a script asking for thousands is stopped. */
const challenges = new SharedLimiter('altcha', 30, 60_000);

/** Five messages a minute per member, or per address for guests. */
const perWriter = new SharedLimiter('message', 5, 60_000);

const look = (input: z.output<typeof Look>): messages.MessageInput => ({
  message: input.message,
  tag: input.tag,
  color: input.color,
  font_size: input.font_size,
  font_weight: input.font_weight,
  bg_color: input.bg_color,
  bg_url: input.bg_url,
});

/** The guestbook: anyone may write (guests with a name of their own); authors and admins edit. */
export const messageRoutes = new Hono<ApiEnv>()
  .post('/message/getMessageList', doc.list, async (c) =>
    ok(c, await messages.listMessages(await body(c, ListBody), viewerOf(c))),
  )
  // Every message for the 弹幕 view (the original's default guestbook view), bounded: see allMessages.
  .get('/message/getAllMessage', doc.all, async (c) => ok(c, await messages.allMessages()))
  // A proof-of-work challenge for a guest's message (never cached: each is good once).
  .get('/altcha/challenge', doc.challenge, async (c) => {
    const wait = await challenges.take(clientIp(c));
    if (wait) throw tooMany(wait, '请求太频繁了，请稍后再试');
    c.header('Cache-Control', 'no-store');
    return ok(c, await newChallenge());
  })
  .get('/message/getHotTagList', doc.hotTags, async (c) => ok(c, await messages.hotTags()))
  .post('/message/add', doc.add, async (c) => {
    const input = await body(c, AddBody);
    const user = c.get('user');
    const wait = await perWriter.take(user ? `u${user.id}` : `ip${clientIp(c)}`);
    if (wait) throw tooMany(wait, '留言太频繁了，请稍后再试');
    let nickName = user?.nick_name ?? '';
    const on = await guardSettings();
    if (!user) {
      nickName = input.nick_name || '游客';
      await refuseGuestName(nickName);
      if (on.guest_captcha && !(await spendSolution(input.altcha))) throw invalid(CAPTCHA_MESSAGE);
    }
    const res = await messages.writeMessage(
      look(input),
      { userId: user?.id ?? null, nickName, ip: clientIp(c), isAdmin: isAdmin(user) },
      placeOf(clientIp(c), c.req.header('user-agent') ?? '', on),
    );
    return ok(c, res, res.review_status === 'published' ? '留言成功' : '留言已提交，站长审核通过后显示');
  })
  .post('/message/update', doc.update, async (c) => {
    const user = requireUser(c);
    const input = await body(c, UpdateBody);
    await messages.updateMessage(input.id, look(input), { id: user.id, isAdmin: isAdmin(user) });
    return ok(c, null, '修改成功');
  })
  .put('/message/delete', doc.delete, async (c) => {
    const user = requireUser(c);
    const { idList } = await body(c, DeleteBody);
    await messages.deleteMessages(idList, { id: user.id, isAdmin: isAdmin(user) });
    return ok(c, null, '删除成功');
  })
  // The admin app's bulk delete: any messages, answered with how many went.
  .put('/message/backDelete', doc.backDelete, async (c) => {
    const admin = requireAdmin(c);
    const { idList } = await body(c, DeleteBody);
    return ok(c, await messages.deleteMessages(idList, { id: admin.id, isAdmin: true }), '删除成功');
  });
