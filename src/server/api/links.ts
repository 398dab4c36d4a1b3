import { Hono } from 'hono';
import { z } from 'zod';
import { linkApplyError } from '../../lib/community.ts';
import { id } from '../../lib/contract/fields.ts';
import { LinkApply, LinkList, LinkSave } from '../../lib/contract/links.ts';
import { conflict, invalid, notFound, tooMany } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { isAdmin } from '../services/auth.ts';
import * as links from '../services/links.ts';
import { approveLinks } from '../services/links-review.ts';
import { requireAdmin, requireUser } from './auth.ts';
import { body } from './validate.ts';

const EditBody = LinkApply.extend({ id: id() });
const IdList = z.object({ idList: z.array(id()).min(1, '请选择友链').max(50, '一次最多50条') });

const perUser = new SharedLimiter('link-apply', 5, 10 * 60_000);
/** Edits tell the admins too: as many as applications, counted apart so one does not block the other. */
const editsPerUser = new SharedLimiter('link-edit', 5, 10 * 60_000);

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({
    summary: '友链列表',
    body: LinkList,
    description: '访客看到已通过的友链；status 1（待审核）只有管理员能查。',
  }),
  backUpdate: apiDoc({ summary: '新增或修改友链（后台）', access: 'admin', body: LinkSave }),
  add: apiDoc({ summary: '申请友链', access: 'login', body: LinkApply, description: '等博主审核。' }),
  frontUpdate: apiDoc({
    summary: '修改自己的友链',
    access: 'login',
    body: EditBody,
    description: '修改后重新等待审核（管理员改的不用）。',
  }),
  approve: apiDoc({ summary: '通过友链申请', access: 'admin', body: IdList }),
  delete: apiDoc({ summary: '删除友链', access: 'admin', body: IdList }),
};

/** Friend links: the approved list, applications by users, the admin's review. */
export const linkRoutes = new Hono<ApiEnv>()
  .post('/links/getLinksList', doc.list, async (c) => {
    const input = await body(c, LinkList);
    // Like every admin call: a visitor is asked to log in (401), a user is refused (403).
    if (input.status === 1) requireAdmin(c);
    const status = input.status ?? (isAdmin(c.get('user')) ? undefined : 2);
    return ok(c, await links.listLinks({ ...input, status }));
  })
  // The console's add and edit of any link, status included (the original admin app's backUpdate).
  .post('/links/backUpdate', doc.backUpdate, async (c) => {
    const admin = requireAdmin(c);
    const { id: linkId, status, ...input } = await body(c, LinkSave);
    const problem = linkApplyError(input);
    if (problem) throw invalid(problem);
    await links.adminSaveLink(linkId, { ...input, status }, admin);
    return ok(c, true, linkId ? '修改成功' : '添加成功');
  })
  .post('/links/add', doc.add, async (c) => {
    const user = requireUser(c);
    const input = await body(c, LinkApply);
    const problem = linkApplyError(input);
    if (problem) throw invalid(problem);
    const wait = await perUser.take(String(user.id));
    if (wait) throw tooMany(wait, '申请太频繁了，请稍后再试');
    const res = await links.applyLink(input, user);
    if (!res.ok) throw conflict(res.reason);
    return ok(c, { id: res.id }, '申请成功，等待博主审核');
  })
  // The applicant edits their own link (back to review), an admin any (frontUpdate).
  // A status in the body is ignored, unlike the original where any caller could approve their own.
  .post('/links/frontUpdate', doc.frontUpdate, async (c) => {
    const user = requireUser(c);
    const { id: linkId, ...input } = await body(c, EditBody);
    const problem = linkApplyError(input);
    if (problem) throw invalid(problem);
    const admin = isAdmin(user);
    if (!admin) {
      const wait = await editsPerUser.take(String(user.id));
      if (wait) throw tooMany(wait, '修改太频繁了，请稍后再试');
    }
    const res = await links.editLink(linkId, input, {
      id: user.id,
      nick_name: user.nick_name,
      isAdmin: admin,
    });
    return ok(
      c,
      { id: linkId, status: res.status },
      res.status === 1 ? '修改成功，等待博主审核' : '修改成功',
    );
  })
  // Each applicant of a link that was waiting is told (services/links-review.ts).
  .put('/links/approve', doc.approve, async (c) => {
    const admin = requireAdmin(c);
    const n = await approveLinks((await body(c, IdList)).idList, admin);
    if (n === 0) throw notFound(MSG.link);
    return ok(c, n, '审核通过');
  })
  .put('/links/delete', doc.delete, async (c) => {
    requireAdmin(c);
    const n = await links.deleteLinks((await body(c, IdList)).idList);
    if (n === 0) throw notFound(MSG.link);
    return ok(c, n, '删除成功');
  });
