import type { z } from 'zod';
import type { AdminCommentRow } from '../../contract/admin-comments.ts';
import type { AdminUserRow, ResetPassword, UserList } from '../../contract/admin-users.ts';
import type { Message } from '../../contract/messages.ts';
import type { Page } from '../../contract/page.ts';
import { post, put } from '../client.ts';

/** The console's calls for users (docs/api/admin.md#users-and-chat). */

/** The list's page and filters (`UserList`): role 1 admins, 2 users; disabled 1 only, 2 none. */
export type UserFilter = z.input<typeof UserList>;

export const listUsers = (filter: UserFilter) => post<Page<AdminUserRow>>('/api/user/getUserList', filter);

export const setUserRole = (id: number, role: 1 | 2) => put<true>(`/api/user/updateRole/${id}/${role}`);

export const disableUser = (id: number) => put<true>(`/api/user/disable/${id}`);

export const enableUser = (id: number) => put<true>(`/api/user/enable/${id}`);

/** The new password, answered this once. */
export const resetUserPassword = (id: number) => put<ResetPassword>(`/api/user/resetPassword/${id}`);

/** One user's comments, newest first (the moderation list with an author filter). */
export const userComments = (id: number, current: number, size: number) =>
  post<Page<AdminCommentRow>>('/api/comment/backGetCommentList', { current, size, from_id: id });

/** One user's guestbook messages, newest first. */
export const userMessages = (id: number, current: number, size: number) =>
  post<Page<Message>>('/api/message/getMessageList', { current, size, user_id: id });
