/**
 * The rules of the site's mail (docs/owner-guide.md#邮件), pure so they are tested alone: the kinds
 * of mail and their switches, where a comment lives on the site, the back-off between attempts, and
 * the Chinese text of each mail (HTML and plain text). The server (services/mail) queues and sends.
 */

/**
 * The kinds of mail, each stopped by its own switch (an unsubscribe link, the personal center):
 * `reply` someone answered your comment or guestbook message, `review` your comment waiting for review
 * was approved, `link` your friend link was approved, `owner` the blogger's news (new comments,
 * guestbook messages, friend-link applications).
 */
export const MAIL_KINDS = ['reply', 'review', 'link', 'owner'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** What each switch is called where a person sees it (the personal center, the unsubscribe page). */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  reply: '回复我时发邮件',
  review: '评论通过审核时发邮件',
  link: '友链通过审核时发邮件',
  owner: '新评论、留言和友链申请',
};

export const isMailKind = (v: unknown): v is MailKind => MAIL_KINDS.includes(v as MailKind);

/**
 * The mails no switch stops (they carry no 退订 link, and the personal center does not list them):
 * `account` the account's security (two-factor turned on or off, the code step paused), `confirm` the
 * link that confirms an address, `digest` the mails over a recipient's cap folded into one.
 */
export const FIXED_MAIL_KINDS = ['account', 'confirm', 'digest'] as const;
/** Every kind a mail in the outbox may have (mail_outbox.kind). */
export type OutboxKind = MailKind | (typeof FIXED_MAIL_KINDS)[number];

/** What the console's outbox calls each kind. */
export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  reply: '回复提醒',
  review: '审核通过',
  link: '友链通过',
  owner: '站长提醒',
  account: '账号安全',
  confirm: '邮箱验证',
  digest: '邮件摘要',
};

/**
 * Why a mail of the outbox was not sent on its own (mail_outbox.reason), as the console's outbox says it:
 * `unconfirmed` its address was not confirmed by its owner (never sent), `capped` over the recipient's
 * cap (waits to be folded into a digest; a confirmation link over the cap is dropped instead, the
 * person can ask for a new one), `folded` went out inside a digest.
 */
export const OUTBOX_REASONS = {
  unconfirmed: '未验证地址',
  capped: '超出发送上限',
  folded: '已合并到摘要',
} as const;
export type OutboxReason = keyof typeof OUTBOX_REASONS;

/** What the console's outbox says of a mail: its state and, when it did not go alone, why. */
export function outboxState(m: { status: string; reason: string; digest_id: number | null }): string {
  const why = OUTBOX_REASONS[m.reason as OutboxReason] ?? '';
  switch (m.status) {
    case 'sent':
      return '已发送';
    case 'pending':
      return '待发送';
    case 'sending':
      return '发送中';
    case 'failed':
      return '发送失败';
    case 'held':
      return `${why || OUTBOX_REASONS.capped}，等待合并到摘要`;
    case 'folded':
      return `${OUTBOX_REASONS.folded}${m.digest_id ? ` #${m.digest_id}` : ''}`;
    case 'skipped':
      return `${why || '未发送'}，未发送`;
    default:
      return m.status;
  }
}

/** A time as a mail states it: Beijing time to the minute, `2025-05-14 08:30（北京时间）`. */
export function mailTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const v = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${v('year')}-${v('month')}-${v('day')} ${v('hour')}:${v('minute')}（北京时间）`;
}

/** The three things comments are about (comment.type), and the page each is shown on. */
const THING_PAGE: Record<number, string> = { 1: '/article', 2: '/talk', 3: '/message/detail' };

/**
 * Where a comment is on the site: its thing's page with the comment's anchor (the comments island
 * gives every comment `id="comment-<id>"` and scrolls to the anchor once it is loaded).
 */
export function commentPath(type: number, forId: number, commentId?: number): string {
  const page = `${THING_PAGE[type] ?? '/article'}?id=${forId}`;
  return commentId ? `${page}#comment-${commentId}` : page;
}

/** Where a comment's thing is named in a mail's sentence: 文章《春天》, 说说, 留言板. */
export function thingName(type: number, articleTitle = ''): string {
  if (type === 1) return `文章《${articleTitle}》`;
  return type === 2 ? '说说' : '留言板';
}

/** A mail tried and not delivered waits 30 s, 1 min, 2 min… (doubling, at most an hour) before the next try. */
export function backoffMs(attempts: number, baseMs = 30_000, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Text made safe inside HTML (mails, the unsubscribe page). */
export const escapeText = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** One mail's content before it is rendered: every text is plain (escaped here for the HTML). */
export type MailContent = {
  siteName: string;
  subject: string;
  /** The first line, e.g. 「小明 回复了你在《春天》下的评论：」. */
  lead: string;
  /** What was written (a comment, a message), quoted; empty for none. */
  quote?: string;
  /**
   * What the quote answers, quoted above it under its label (a reply mail: the reader's own comment
   * or message, 「你的评论：」), the quote then under `quoteLabel` (「甲 的回复：」).
   */
  answered?: { label: string; text: string };
  quoteLabel?: string;
  /** The button and the link under it: the exact place on the site. */
  action: { label: string; url: string };
  /** The 退订 link (every mail to a visitor has one): the kind it stops and its URL. */
  unsubscribe?: { kind: MailKind; url: string };
};

export type RenderedMail = { subject: string; html: string; text: string };

/** The subject (prefixed with the site's name), the HTML (inline styles: mail clients drop <style>) and the text. */
export function renderMail(m: MailContent): RenderedMail {
  const subject = `【${m.siteName}】${m.subject}`;
  const stop = m.unsubscribe
    ? `不想再收到这类邮件（${MAIL_KIND_LABELS[m.unsubscribe.kind]}）？退订：${m.unsubscribe.url}`
    : '';
  const quoted = (label: string | undefined, t: string) => [
    '',
    ...(label ? [label] : []),
    ...t.split('\n').map((l) => `> ${l}`),
  ];
  const text = [
    m.lead,
    ...(m.answered ? quoted(m.answered.label, m.answered.text) : []),
    ...(m.quote ? quoted(m.answered && m.quoteLabel, m.quote) : []),
    '',
    `${m.action.label}：${m.action.url}`,
    '',
    '——',
    `这封邮件由「${m.siteName}」自动发出，请勿直接回复。`,
    ...(stop ? [stop] : []),
  ].join('\n');
  const label = (t: string | undefined) =>
    t ? `<p style="margin:16px 0 4px;font-size:13px;color:#888">${escapeText(t)}</p>` : '';
  // The one answered is muted (grey bar, grey text): the reply stays the mail's news.
  const answered = m.answered
    ? `${label(m.answered.label)}<blockquote style="margin:0;padding:8px 12px;border-left:4px solid #c9cfd6;background:#f6f8fa;color:#666;white-space:pre-wrap">${escapeText(m.answered.text)}</blockquote>`
    : '';
  const quote = m.quote
    ? `${label(m.answered && m.quoteLabel)}<blockquote style="margin:${m.answered ? '0 0 16px' : '16px 0'};padding:8px 12px;border-left:4px solid #49b1f5;background:#f6f8fa;color:#333;white-space:pre-wrap">${escapeText(m.quote)}</blockquote>`
    : '';
  const unsubscribe = m.unsubscribe
    ? `<br>不想再收到这类邮件（${escapeText(MAIL_KIND_LABELS[m.unsubscribe.kind])}）？<a href="${escapeText(m.unsubscribe.url)}" style="color:#888">退订</a>`
    : '';
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeText(subject)}</title></head><body style="margin:0;padding:0;background:#f4f5f7">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font:15px/1.7 -apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#222">
<div style="background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#888">${escapeText(m.siteName)}</p>
<p style="margin:0">${escapeText(m.lead)}</p>
${answered}${quote}
<p style="margin:20px 0 8px"><a href="${escapeText(m.action.url)}" style="display:inline-block;padding:8px 20px;border-radius:6px;background:#49b1f5;color:#fff;text-decoration:none">${escapeText(m.action.label)}</a></p>
<p style="margin:0;font-size:12px;color:#888;word-break:break-all">${escapeText(m.action.url)}</p>
</div>
<p style="margin:16px 0 0;font-size:12px;color:#888">这封邮件由「${escapeText(m.siteName)}」自动发出，请勿直接回复。${unsubscribe}</p>
</div></body></html>`;
  return { subject, html, text };
}
