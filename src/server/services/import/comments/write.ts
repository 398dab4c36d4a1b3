import { ROLE } from '../../../../lib/role.ts';
import { db } from '../../../db/connection.ts';
import type { Db } from '../../articles/db.ts';
import { deviceOf } from '../../writer-place.ts';
import { guestUser, insertComment, ownerId } from '../rows.ts';
import type { Writer } from '../types.ts';
import type { Target } from './pages.ts';

/** The rows a comment of another tool becomes, in its item's transaction (run.ts). */

export type State = 'published' | 'pending' | 'spam';

/** One comment as every reader gives it, whatever the tool. */
export type Comment = {
  id: string;
  /** The comment it answers (Waline/Twikoo `pid`, Artalk `rid`, Disqus `parent`). */
  parent?: string;
  nick: string;
  mail: string;
  /** The commenter's website: our accounts have no place for it (the plan's notes say so). */
  link: string;
  ip: string;
  ua: string;
  /** ISO, or undefined when the export has none. */
  createdAt?: string;
  state: State;
  likes: number;
  /** Written by the blogger as the tool knew it (Waline's administrator, Twikoo's `master`). */
  owner?: boolean;
  /** Pinned on the old site: our comments are not, the notes say how many were. */
  pinned?: boolean;
};

export type Admins = Map<string, number>;

/** The site's admins by e-mail (lowercased): a comment signed with one's address is theirs. */
export async function adminsByMail(): Promise<Admins> {
  const rows = await db.selectFrom('user').select(['id', 'email']).where('role', '=', ROLE.admin).execute();
  return new Map(rows.filter((r) => r.email.trim()).map((r) => [r.email.trim().toLowerCase(), r.id]));
}

/** The account a comment is by: the owner, an admin by mail, else the guest of that name and mail. */
async function authorOf(trx: Db, c: Comment, admins: Admins): Promise<number> {
  if (c.owner) return ownerId(trx);
  return admins.get(c.mail.trim().toLowerCase()) ?? guestUser(trx, c.nick || '访客', c.mail);
}

const stampOf = (c: Comment) => c.createdAt ?? new Date().toISOString();

/** A guestbook page's first comment: a guestbook message (a guest's has no account, as ours). */
export async function writeMessage(w: Writer, c: Comment, text: string, admins: Admins): Promise<number> {
  const userId = c.owner ? await ownerId(w.trx) : admins.get(c.mail.trim().toLowerCase());
  const account = userId
    ? await w.trx.selectFrom('user').select('nick_name').where('id', '=', userId).executeTakeFirst()
    : undefined;
  const stamp = stampOf(c);
  const row = await w.trx
    .insertInto('message')
    .values({
      message: text,
      tag: '',
      color: '',
      font_size: 16,
      font_weight: 400,
      bg_color: '',
      bg_url: '',
      like_times: c.likes,
      nick_name: [...(account?.nick_name ?? (c.nick.trim() || '访客'))].slice(0, 20).join(''),
      user_id: userId ?? null,
      review_status: c.state,
      ip: c.ip,
      ip_address: '',
      user_agent: deviceOf(c.ua),
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A comment on an article or a talk, or one on a guestbook message, threaded as rows.ts
 * `insertComment` says; on the guestbook the message is the thread's head.
 */
export async function writeComment(
  w: Writer,
  c: Comment,
  text: string,
  where: { target: Target; root: string; parent?: string },
  admins: Admins,
): Promise<number> {
  let forId: number;
  if (where.target.type === 3) {
    const message = await w.idOf('message', where.root);
    if (!message) throw new Error('所在的留言没有导入');
    forId = message;
  } else forId = where.target.id;
  // On the guestbook a reply to the message itself is a first comment.
  const toMessage = where.target.type === 3 && where.parent === where.root;
  return insertComment(w, {
    type: where.target.type,
    forId,
    replyTo: toMessage ? undefined : where.parent,
    author: () => authorOf(w.trx, c, admins),
    content: text,
    likes: c.likes,
    ip: c.ip,
    ua: c.ua,
    state: c.state,
    createdAt: c.createdAt,
  });
}
