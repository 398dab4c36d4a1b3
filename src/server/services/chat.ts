import path from 'node:path';
import type { z } from 'zod';
import { type ChatContentType, type ChatMessage, checkChatText } from '../../lib/chat.ts';
import type { ChatHistory, ChatSearch } from '../../lib/contract/chat.ts';
import { config } from '../config.ts';
import { forbidden, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { db } from '../db/connection.ts';
import { resolveInside } from '../static.ts';
import { contains } from './admin-filters.ts';
import { type AuthUser, isAdmin } from './auth.ts';
import { countRows, type Page, paginate } from './paginate.ts';

/** Messages as the client sees them: the author's current nick name and avatar joined in. */
function messages() {
  return db
    .selectFrom('chat')
    .innerJoin('user', 'user.id', 'chat.user_id')
    .select([
      'chat.id',
      'chat.user_id',
      'user.nick_name',
      'user.avatar',
      'chat.content',
      'chat.content_type',
      'chat.createdAt',
    ]);
}

/** One page of history: the `size` messages before `last_id` (newest when absent), oldest first. */
export async function listMessages(opts: { size: number; last_id?: number }): Promise<ChatHistory> {
  let q = messages();
  if (opts.last_id) q = q.where('chat.id', '<', opts.last_id);
  const [rows, count] = await Promise.all([
    q.orderBy('chat.id', 'desc').limit(opts.size).execute(),
    db
      .selectFrom('chat')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: (rows as ChatMessage[]).reverse(), total: Number(count.n) };
}

/**
 * The owner's history (POST /api/chat/backGetChatList): newest first, paged, with a substring of a
 * text message, of the sender's current nick name, or one sender's id.
 */
export async function searchMessages(input: z.output<typeof ChatSearch>): Promise<Page<ChatMessage>> {
  let q = messages();
  if (input.content)
    q = q.where('chat.content_type', '=', 'text').where(contains('chat.content', input.content));
  if (input.nick_name) q = q.where(contains('user.nick_name', input.nick_name));
  if (input.user_id) q = q.where('chat.user_id', '=', input.user_id);
  return paginate(
    input,
    async (limit, offset) =>
      (await q.orderBy('chat.id', 'desc').limit(limit).offset(offset).execute()) as ChatMessage[],
    () => countRows(q),
  );
}

export async function addMessage(
  userId: number,
  content: string,
  contentType: ChatContentType,
): Promise<ChatMessage> {
  const row = await db
    .insertInto('chat')
    .values({ user_id: userId, content, content_type: contentType, createdAt: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await messages().where('chat.id', '=', row.id).executeTakeFirstOrThrow()) as ChatMessage;
}

/** Recall: the author or the admin only. */
export async function deleteMessage(actor: AuthUser, id: number): Promise<void> {
  const row = await db.selectFrom('chat').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.chatMessage);
  if (row.user_id !== actor.id && !isAdmin(actor)) throw forbidden(MSG.ownChatOnly);
  await db.deleteFrom('chat').where('id', '=', id).execute();
}

export async function clearMessages(): Promise<void> {
  await db.deleteFrom('chat').execute();
}

/** The folder of the demo seed's pictures: not something a user uploaded, so never a chat image. */
const DEMO_FOLDER = 'demo';

/**
 * The stored form (`/uploads/…`) of an image URL that came from our upload endpoint, or null. The
 * URL may be a path or an absolute URL on the site's own host; it must name an existing file under
 * the uploads folder, outside the demo pictures.
 */
export function uploadedImagePath(url: unknown, siteHost?: string): string | null {
  if (typeof url !== 'string' || url.length > 500) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://site.invalid');
  } catch {
    return null;
  }
  const relative = url.startsWith('/') && !url.startsWith('//');
  if (!relative && !(/^https?:$/.test(parsed.protocol) && siteHost && parsed.host === siteHost)) return null;
  if (parsed.search || parsed.hash || !parsed.pathname.startsWith('/uploads/')) return null;
  const rest = parsed.pathname.slice('/uploads/'.length);
  const uploads = config.uploadsDir;
  const found = resolveInside(uploads, rest);
  if (!found) return null;
  const inside = path.relative(uploads, found.file).split(path.sep);
  if (inside[0] === DEMO_FOLDER) return null;
  return `/uploads/${inside.map(encodeURIComponent).join('/')}`;
}

/** Validates what a client wants to post; returns the content to store or the error to show. */
export function checkContent(
  content: unknown,
  contentType: unknown,
  siteHost?: string,
): { ok: true; content: string; content_type: ChatContentType } | { ok: false; error: string } {
  if (contentType === 'image') {
    const stored = uploadedImagePath(content, siteHost);
    return stored
      ? { ok: true, content: stored, content_type: 'image' }
      : { ok: false, error: '图片地址无效，请重新上传' };
  }
  if (contentType !== undefined && contentType !== 'text') return { ok: false, error: '消息类型错误' };
  const text = typeof content === 'string' ? content.trim() : content;
  const error = checkChatText(text);
  if (error) return { ok: false, error };
  // Stored as plain text, never HTML: the client renders it as text.
  return { ok: true, content: text as string, content_type: 'text' };
}
