import { Hono } from 'hono';
import { z } from 'zod';
import { isImageUrl } from '../../lib/community.ts';
import { type ResetPassword, roleField, UserList } from '../../lib/contract/admin-users.ts';
import { id } from '../../lib/contract/fields.ts';
import { ROLE } from '../../lib/role.ts';
import { NICK_MAX } from '../../lib/validation.ts';
import { kickFromChat } from '../chat/registry.ts';
import { invalid } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as users from '../services/users.ts';
import * as admin from '../services/users-admin.ts';
import { requireAdmin } from './auth.ts';
import { body, params } from './validate.ts';

const UserParams = z.object({ id: id() });
const RoleParams = z.object({ id: id(), role: roleField });

const InfoBody = z.object({
  id: id(),
  nick_name: z
    .string('昵称必须是文字')
    .trim()
    .min(1, '昵称不能为空')
    .max(NICK_MAX, `昵称最多 ${NICK_MAX} 个字`)
    .optional(),
  avatar: z
    .string('头像地址必须是文字')
    .trim()
    .max(500, '头像地址不正确')
    .refine((v) => v === '' || isImageUrl(v), '头像地址不正确')
    .optional(),
});

/** The owner's user management (docs/api/admin.md#users-and-chat), admin-only. */
const doc = {
  list: apiDoc({ summary: '用户列表', access: 'admin', body: UserList }),
  role: apiDoc({ summary: '修改用户角色', access: 'admin', path: RoleParams }),
  info: apiDoc({ summary: '修改用户资料', access: 'admin', body: InfoBody }),
  disable: apiDoc({
    summary: '停用账号',
    access: 'admin',
    path: UserParams,
    description: '该用户的 token 立即失效，聊天室连接被断开。',
  }),
  enable: apiDoc({ summary: '启用账号', access: 'admin', path: UserParams }),
  resetPassword: apiDoc({
    summary: '重置密码',
    access: 'admin',
    path: UserParams,
    description: '回答新生成的密码；该用户的 token 全部失效。',
  }),
};

export const userAdminRoutes = new Hono<ApiEnv>()
  .post('/user/getUserList', doc.list, async (c) => {
    requireAdmin(c);
    return ok(c, await admin.listUsers(await body(c, UserList)));
  })
  .put('/user/updateRole/:id/:role', doc.role, async (c) => {
    const me = requireAdmin(c);
    const p = params(c, RoleParams);
    await admin.setRole(p.id, p.role, me.id);
    return ok(c, true, '修改成功');
  })
  .put('/user/adminUpdateUserInfo', doc.info, async (c) => {
    requireAdmin(c);
    const { id: userId, ...patch } = await body(c, InfoBody);
    if (patch.nick_name === undefined && patch.avatar === undefined) throw invalid(MSG.nothingToChange);
    // Only an admin may go by the blogger's names and avatar (the same rule as a user's own edit).
    if ((await admin.roleOf(userId)) !== ROLE.admin) await users.refuseBloggerLook(patch);
    await admin.adminUpdateUser(userId, patch);
    return ok(c, true, '修改成功');
  })
  // Ours: disable and enable an account, and reset its password.
  .put('/user/disable/:id', doc.disable, async (c) => {
    const me = requireAdmin(c);
    const { id: userId } = params(c, UserParams);
    await admin.disableUser(userId, me.id);
    // Its open chat sockets are closed now, not at their next frame.
    await kickFromChat(userId);
    return ok(c, true, '账号已停用');
  })
  .put('/user/enable/:id', doc.enable, async (c) => {
    requireAdmin(c);
    const { id: userId } = params(c, UserParams);
    await admin.enableUser(userId);
    return ok(c, true, '账号已启用');
  })
  .put('/user/resetPassword/:id', doc.resetPassword, async (c) => {
    const me = requireAdmin(c);
    const { id: userId } = params(c, UserParams);
    const reset: ResetPassword = { password: await admin.resetPassword(userId, me.id) };
    await kickFromChat(userId);
    return ok(c, reset, '密码已重置');
  });
