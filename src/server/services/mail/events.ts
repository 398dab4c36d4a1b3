import type { Kysely, Transaction } from 'kysely';
import { excerpt } from '../../../lib/community.ts';
import { commentPath, mailTime, thingName } from '../../../lib/mail.ts';
import { ROLE } from '../../../lib/role.ts';
import type { DB } from '../../db/schema.ts';
import { siteUrl } from '../../site.ts';
import { mailEnabled, queueMail } from './outbox.ts';

/**
 * What happens on the site that mails someone (docs/owner-guide.md#邮件): called by the services where
 * they write the matching notification, inside their transaction, so a mail is queued exactly when
 * its cause is stored. Nobody is mailed about their own action, the blogger not about their own comments.
 * A mail to an account names it (`userId`): queueMail sends it only when that account confirmed its
 * address; the blogger's mails go to an address the blogger confirmed (outbox.ts addressConfirmed).
 */

export type Conn = Kysely<DB> | Transaction<DB>;

/** How much of a comment or message a mail quotes. */
const QUOTE = 200;

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

async function emailOf(conn: Conn, userId: number | null | undefined): Promise<string> {
  return (await personOf(conn, userId)).email;
}

/** A user's address and whether they are an admin, in one query (this runs inside the request). */
async function personOf(conn: Conn, userId: number | null | undefined) {
  if (!userId) return { email: '', admin: false };
  const row = await conn
    .selectFrom('user')
    .select(['email', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { email: row?.email.trim() ?? '', admin: row?.role === ROLE.admin };
}

/** The blogger's address: the owner setting (config.owner_email), else the first admin's. */
export async function ownerAddress(conn: Conn): Promise<string> {
  return (await siteFacts(conn)).owner;
}

/** The blog's name and the blogger's address, read once per request that mails. */
async function siteFacts(conn: Conn): Promise<{ owner: string; siteName: string }> {
  const cfg = await conn
    .selectFrom('config')
    .select(['owner_email', 'blog_name'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const siteName = cfg?.blog_name || '博客';
  if (cfg?.owner_email.trim()) return { owner: cfg.owner_email.trim(), siteName };
  const admin = await conn
    .selectFrom('user')
    .select('email')
    .where('role', '=', ROLE.admin)
    .where('email', '!=', '')
    .orderBy('id')
    .executeTakeFirst();
  return { owner: admin?.email.trim() ?? '', siteName };
}

/** A comment's thing named for a mail (thingName), reading an article's title. */
async function thingNameOf(conn: Conn, type: number, forId: number): Promise<string> {
  if (type !== 1) return thingName(type);
  const a = await conn
    .selectFrom('article')
    .select('article_title')
    .where('id', '=', forId)
    .executeTakeFirst();
  return thingName(type, a?.article_title);
}

export type CommentEvent = {
  /** `parent_id`: a reply's top-level comment (the reply mail quotes what it answers from that thread). */
  comment: { id: number; type: number; for_id: number; content: string; parent_id?: number | null };
  /** `email` and `admin` when the caller read them with the comment (else they are read here). */
  author: { id: number; nick_name: string; email?: string; admin?: boolean };
  /** The thing's name (thingName) when the caller read it. */
  where?: string;
  /** The person answered: the replied-to user (a reply), a guestbook message's author (a comment on it). */
  repliedTo: number | null;
  /** The one answered wrote the guestbook message itself (a top-level comment on it), not a comment. */
  onMessage?: boolean;
  /**
   * `live`: written and published at once (the answered and the blogger hear of it); `pending`: written
   * to wait for review (only the blogger hears, to review it); `approved`: published from the queue by
   * the blogger (only the answered hears: the blogger has seen it).
   */
  phase: 'live' | 'pending' | 'approved';
  /** Who approved it (phase `approved`): its author hears of the approval unless they did it themself. */
  approvedBy?: number;
};

/**
 * A comment or reply that went live, or waits for review (CommentEvent.phase): the person answered
 * gets a `reply` mail, the blogger an `owner` mail (not when the blogger wrote it, nor twice when the
 * blogger is the one answered); one approved from the queue mails its author a `review` mail.
 */
export async function mailComment(conn: Conn, e: CommentEvent): Promise<void> {
  if (!mailEnabled()) return;
  const { comment, author } = e;
  const where = e.where ?? (await thingNameOf(conn, comment.type, comment.for_id));
  const url = siteUrl(commentPath(comment.type, comment.for_id, comment.id));
  const quote = excerpt(comment.content, QUOTE);
  const writer =
    author.email === undefined || author.admin === undefined
      ? await personOf(conn, author.id)
      : { email: author.email.trim(), admin: author.admin };
  const site = await siteFacts(conn);
  const authorEmail = lower(writer.email);
  let answered = '';
  if (e.phase !== 'pending' && e.repliedTo && e.repliedTo !== author.id) {
    answered = await emailOf(conn, e.repliedTo);
    if (answered && lower(answered) !== authorEmail) {
      const what = e.onMessage ? '留言' : '评论';
      const theirs = await answeredText(conn, e, e.repliedTo);
      await queueMail(conn, {
        siteName: site.siteName,
        to: answered,
        kind: 'reply',
        userId: e.repliedTo,
        subject: `${author.nick_name} 回复了你`,
        lead: `${author.nick_name} 回复了你在${where}的${what}${theirs ? '。' : '：'}`,
        ...(theirs ? { answered: { label: `你的${what}：`, text: excerpt(theirs, QUOTE) } } : {}),
        quoteLabel: `${author.nick_name} 的回复：`,
        quote,
        action: { label: '查看回复', url },
      });
    }
  }
  if (e.phase === 'approved' && e.approvedBy !== author.id && writer.email)
    await queueMail(conn, {
      siteName: site.siteName,
      to: writer.email,
      kind: 'review',
      userId: author.id,
      subject: '你的评论已通过审核',
      lead: `你在${where}的评论已通过审核，现在大家都能看到了：`,
      quote,
      action: { label: '查看评论', url },
    });
  if (writer.admin || e.phase === 'approved') return;
  const owner = site.owner;
  if (!owner || lower(owner) === authorEmail || lower(owner) === lower(answered)) return;
  const pending = e.phase === 'pending';
  await queueMail(conn, {
    siteName: site.siteName,
    to: owner,
    kind: 'owner',
    subject: `${author.nick_name} 在${where}发表了评论${pending ? '，等待审核' : ''}`,
    lead: `${author.nick_name} 在${where}发表了评论${pending ? '，等待你审核' : ''}：`,
    quote,
    action: pending ? reviewAction() : { label: '查看评论', url },
  });
}

/**
 * What the one answered wrote that this comment answers: the guestbook message itself (a comment on
 * it), else their comment in the reply's thread, the latest of theirs before it (a reply names the
 * person answered, not the comment: the top-level one when they wrote it and nothing after). '' for
 * none (a top-level comment, or theirs was deleted).
 */
async function answeredText(conn: Conn, e: CommentEvent, who: number): Promise<string> {
  const { comment } = e;
  if (e.onMessage) {
    const m = await conn
      .selectFrom('message')
      .select('message')
      .where('id', '=', comment.for_id)
      .executeTakeFirst();
    return m?.message ?? '';
  }
  const top = comment.parent_id;
  if (top == null) return '';
  const row = await conn
    .selectFrom('comment')
    .select('content')
    .where((eb) => eb.or([eb('id', '=', top), eb('parent_id', '=', top)]))
    .where('from_id', '=', who)
    .where('id', '<', comment.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.content ?? '';
}

/** Where the blogger reviews what waits (the console's queue, on its 待审核 tab). */
const reviewAction = () => ({ label: '去审核', url: siteUrl('/admin/comments?tab=pending') });

/** A new guestbook message, live or waiting for review: the blogger hears of it (not of their own). */
export async function mailNewMessage(
  conn: Conn,
  e: { messageId: number; message: string; userId: number | null; nickName: string; pending: boolean },
): Promise<void> {
  if (!mailEnabled()) return;
  const writer = await personOf(conn, e.userId);
  if (writer.admin) return;
  const owner = await ownerAddress(conn);
  if (!owner || lower(owner) === lower(writer.email)) return;
  const who = e.nickName || '游客';
  await queueMail(conn, {
    to: owner,
    kind: 'owner',
    subject: `${who} 在留言板留言了${e.pending ? '，等待审核' : ''}`,
    lead: `${who} 在留言板留言了${e.pending ? '，等待你审核' : ''}：`,
    quote: excerpt(e.message, QUOTE),
    action: e.pending
      ? reviewAction()
      : { label: '查看留言', url: siteUrl(`/message/detail?id=${e.messageId}`) },
  });
}

/** A friend-link application (or an applicant's edit back to review): the blogger hears of it. */
export async function mailLinkApplied(
  conn: Conn,
  e: { siteName: string; url: string; applicant: { id: number; nick_name: string }; edited?: boolean },
): Promise<void> {
  if (!mailEnabled()) return;
  const writer = await personOf(conn, e.applicant.id);
  if (writer.admin) return;
  const owner = await ownerAddress(conn);
  if (!owner || lower(owner) === lower(writer.email)) return;
  const did = e.edited ? '修改了友链' : '申请了友链';
  await queueMail(conn, {
    to: owner,
    kind: 'owner',
    subject: `${e.applicant.nick_name} ${did}「${e.siteName}」`,
    lead: `${e.applicant.nick_name} ${did}「${e.siteName}」（${e.url}），等待你审核。`,
    action: { label: '去审核', url: siteUrl('/admin/links') },
  });
}

/** A friend link approved: its applicant hears of it, at their account's address. */
export async function mailLinkApproved(
  conn: Conn,
  e: { siteName: string; applicantId: number | null; actorId: number },
): Promise<void> {
  if (!mailEnabled() || !e.applicantId || e.applicantId === e.actorId) return;
  const to = await emailOf(conn, e.applicantId);
  if (!to) return;
  await queueMail(conn, {
    to,
    kind: 'link',
    userId: e.applicantId,
    subject: `你的友链「${e.siteName}」已通过审核`,
    lead: `你申请的友链「${e.siteName}」已通过审核，现在展示在友链页上。`,
    action: { label: '查看友链', url: siteUrl('/link/list') },
  });
}

/** The account-security notices (mailAccountNotice): what happened, and what to do when it was not you. */
const NOTICES = {
  otp_on: {
    subject: '两步验证已开启',
    did: '开启了两步验证，之后登录除密码外还要输入验证器里的 6 位验证码',
    notYou:
      '如果这不是你本人的操作，说明有人登录了你的账号：请立即修改密码，并关闭两步验证后用自己的验证器重新开启；登录不了时请联系博主。',
  },
  otp_off: {
    subject: '两步验证已关闭',
    did: '关闭了两步验证，之后登录只需要密码',
    notYou:
      '如果这不是你本人的操作，说明有人知道你的密码并登录了你的账号：请立即修改密码，再重新开启两步验证。',
  },
  email_changed: {
    subject: '账号邮箱已更改',
    did: '的邮箱已改为另一个地址，之后的邮件提醒不再发到这里',
    notYou: '如果这不是你本人的操作，说明有人登录了你的账号：请立即登录修改密码，并在个人中心把邮箱改回来。',
  },
  otp_locked: {
    subject: '验证码错误次数过多，已暂停验证码登录',
    did: '的两步验证码连续输错多次，已暂停用验证码登录一段时间（恢复码仍可使用）',
    notYou: '输错的人已经知道你的密码。如果不是你本人在尝试，请用恢复码登录后立即修改密码。',
  },
} as const;

/**
 * An account-security notice to the account's own address (two-factor turned on or off, the code step
 * paused after too many wrong codes, the address changed: told to the old one): kind `account`, which no switch stops and which carries no 退订
 * link. Like every mail it goes only to an address its owner confirmed (queueMail).
 */
export async function mailAccountNotice(
  conn: Conn,
  userId: number,
  notice: 'otp_on' | 'otp_off' | 'otp_locked' | 'email_changed',
): Promise<void> {
  if (!mailEnabled()) return;
  const row = await conn
    .selectFrom('user')
    .select(['email', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row?.email.trim()) return;
  const n = NOTICES[notice];
  await queueMail(conn, {
    to: row.email,
    kind: 'account',
    userId,
    subject: n.subject,
    lead: `你的账号「${row.username}」${n.did}（时间：${mailTime(new Date())}）。${n.notYou}`,
    action: { label: '打开个人中心', url: siteUrl('/userCenter') },
  });
}
