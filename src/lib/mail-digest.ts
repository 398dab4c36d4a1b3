import { escapeText, MAIL_KIND_LABELS, type MailKind, type RenderedMail } from './mail.ts';

/**
 * The per-recipient cap (docs/security.md#mail), pure so it is tested alone: an address gets at most
 * `hour` mails in an hour and `day` in a day, whatever their kinds and causes; the rest wait and go out
 * together as one digest once a window allows another mail. Each window is fixed: it begins with the
 * first mail after the previous one ended (mail_recipient, services/mail/cap.ts).
 */

export type MailCap = { hour: number; day: number };

export const MAIL_CAP: MailCap = { hour: 5, day: 20 };

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** One address's windows as mail_recipient keeps them (ISO instants, mails counted). */
export type CapWindows = { hour_from: string; hour_sent: number; day_from: string; day_sent: number };

/**
 * When the address may get its next mail: `null` when a slot is free now, else the instant the full
 * window (or both) ends.
 */
export function capFreeAt(w: CapWindows, now: Date, cap: MailCap = MAIL_CAP): Date | null {
  const t = now.getTime();
  const hourEnds = Date.parse(w.hour_from) + HOUR_MS;
  const dayEnds = Date.parse(w.day_from) + DAY_MS;
  const hourFull = hourEnds > t && w.hour_sent >= cap.hour;
  const dayFull = dayEnds > t && w.day_sent >= cap.day;
  if (!hourFull && !dayFull) return null;
  return new Date(Math.max(hourFull ? hourEnds : 0, dayFull ? dayEnds : 0));
}

/** One folded mail's line in a digest: its subject and the place it pointed to. */
export type DigestItem = { title: string; url: string };

export type DigestContent = {
  siteName: string;
  items: DigestItem[];
  /** Where the personal center's switches are. */
  center: string;
  /** One 退订 link per switchable kind the digest holds. */
  stops: { kind: MailKind; url: string }[];
};

/** A digest is listed whole up to this many lines; the rest are counted (each is on the site anyway). */
const LISTED = 50;

/** The digest of the mails held over an address's cap: one line and one link per mail. */
export function renderDigest(m: DigestContent): RenderedMail {
  const n = m.items.length;
  const subject = `【${m.siteName}】你有 ${n} 条新提醒`;
  const lead = `为免短时间内给你发太多邮件，这 ${n} 条提醒合并成了一封：`;
  const shown = m.items.slice(0, LISTED);
  const more = n > LISTED ? `还有 ${n - LISTED} 条，请到网站查看。` : '';
  const text = [
    lead,
    '',
    ...shown.flatMap((it, i) => [`${i + 1}. ${it.title}`, `   ${it.url}`]),
    ...(more ? ['', more] : []),
    '',
    '——',
    `这封邮件由「${m.siteName}」自动发出，请勿直接回复。`,
    `邮件提醒的开关在个人中心：${m.center}`,
    ...m.stops.map((s) => `不想再收到「${MAIL_KIND_LABELS[s.kind]}」这类邮件？退订：${s.url}`),
  ].join('\n');
  const list = shown
    .map(
      (it) =>
        `<li style="margin:0 0 8px"><a href="${escapeText(it.url)}" style="color:#49b1f5">${escapeText(it.title)}</a></li>`,
    )
    .join('');
  const stops = m.stops
    .map(
      (s) =>
        `<br>不想再收到这类邮件（${escapeText(MAIL_KIND_LABELS[s.kind])}）？<a href="${escapeText(s.url)}" style="color:#888">退订</a>`,
    )
    .join('');
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeText(subject)}</title></head><body style="margin:0;padding:0;background:#f4f5f7">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font:15px/1.7 -apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#222">
<div style="background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#888">${escapeText(m.siteName)}</p>
<p style="margin:0 0 12px">${escapeText(lead)}</p>
<ol style="margin:0;padding-left:20px">${list}</ol>
${more ? `<p style="margin:12px 0 0">${escapeText(more)}</p>` : ''}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#888">这封邮件由「${escapeText(m.siteName)}」自动发出，请勿直接回复。<a href="${escapeText(m.center)}" style="color:#888">邮件提醒设置</a>${stops}</p>
</div></body></html>`;
  return { subject, html, text };
}
