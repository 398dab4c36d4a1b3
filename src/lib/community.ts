import type { Message } from './contract/messages.ts';
/**
 * Rules shared by the community pages (talks, guestbook, comments, likes, links, bangumi) and the
 * server that checks them again: limits, allowed values, and the safe style of a guestbook card.
 */

import { readableOn } from './contrast.ts';

/** Length limits (characters as JavaScript counts them). */
export const COMMENT_MAX = 500;
export const MESSAGE_MAX = 500;
export const MESSAGE_TAG_MAX = 10;
export const GUEST_NAME_MAX = 20;
export const TALK_MAX = 2000;
export const TALK_IMAGES_MAX = 9;

/** What a like or a comment is about (docs/api/public.md#guestbook-comments-and-likes). */
export const THING = { article: 1, talk: 2, message: 3, comment: 4 } as const;

/** Guestbook text style bounds. */
export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 36;
export const FONT_WEIGHTS = [400, 500, 700] as const;
export const FONT_WEIGHT_LABELS: Record<(typeof FONT_WEIGHTS)[number], string> = {
  400: '常规',
  500: '中等',
  700: '加粗',
};

/** Presets of the publish form (any hex color is accepted). */
export const TEXT_COLORS = ['#1f2937', '#ffffff', '#b91c1c', '#1e3a8a', '#065f46', '#7c2d12', '#4c1d95'];
export const BG_COLORS = [
  '#fef3c7',
  '#e0f2fe',
  '#d1fae5',
  '#ffe4e6',
  '#ede9fe',
  '#ffedd5',
  '#f3f4f6',
  '#6366f1',
  '#1e293b',
];

export const isHexColor = (s: string): boolean => /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(s);

/** A card background color: a hex color, transparent, or none. */
export const isBgColor = (s: string): boolean => s === '' || s === 'transparent' || isHexColor(s);

/** A file this site serves from its uploads folder (what POST /api/upload/img hands back). */
export const isUploadPath = (s: string): boolean =>
  /^\/uploads\/[\w\-./]+$/.test(s) && !s.includes('..') && !s.includes('//');

export function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** An image we let a page show: one of our uploads, or an http(s) address. */
export const isImageUrl = (s: string): boolean => isUploadPath(s) || isHttpUrl(s);

/**
 * What an image address points at, to tell two spellings of one picture apart: an upload is its path
 * under /uploads wherever the address puts it (`/uploads/a.png`, `https://any.host/uploads//a.png?x`,
 * `./` segments and percent-escapes undone); another http(s) address is its origin (host in lower
 * case), path and query, without the fragment (a query may choose another picture: `?seed=`). '' for
 * none, and the trimmed text when it is no address at all.
 */
export function imageIdentity(url: string): string {
  const v = url.trim();
  if (!v) return '';
  let u: URL;
  try {
    u = new URL(v, 'http://relative.invalid');
  } catch {
    return v;
  }
  let path = u.pathname.replace(/\/{2,}/g, '/');
  try {
    path = decodeURIComponent(path);
  } catch {
    /* a broken escape: compared as written */
  }
  if (path.startsWith('/uploads/')) return path;
  return `${u.origin}${path}${u.search}`;
}

export const clampFontSize = (n: number): number =>
  Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(Number.isFinite(n) ? n : 16)));

/** The card's own background in each theme (`--c-surface-2` of global.css), for a chosen text color. */
const NOTE_SURFACE = { light: '#eef1f7', dark: '#232835' };

/** The look of a guestbook card. */
export type MessageLook = Pick<Message, 'color' | 'font_size' | 'font_weight' | 'bg_color' | 'bg_url'>;

/**
 * The inline style of a guestbook card. Every value is checked again here, so a row that slipped
 * past validation still cannot inject CSS.
 */
export function messageStyle(m: MessageLook): Record<string, string> {
  const style: Record<string, string> = {
    fontSize: `${clampFontSize(m.font_size)}px`,
    fontWeight: String((FONT_WEIGHTS as readonly number[]).includes(m.font_weight) ? m.font_weight : 400),
  };
  const bg = isBgColor(m.bg_color) ? m.bg_color : '';
  if (bg) style.backgroundColor = bg;
  // A chosen color is kept, moved just far enough to stay readable (4.5:1) on a chosen background.
  if (isHexColor(m.color) && isHexColor(bg)) style.color = readableOn(m.color, bg);
  // On a picture the writer saw it on that picture: kept as chosen.
  else if (isHexColor(m.color) && isUploadPath(m.bg_url)) style.color = m.color;
  // On the theme's card: one readable variant per theme, which the card's CSS picks
  // (message.module.css), so the default grey #676767 is not grey on dark grey in the dark theme.
  else if (isHexColor(m.color)) {
    style['--msg-c'] = readableOn(m.color, NOTE_SURFACE.light);
    style['--msg-c-dark'] = readableOn(m.color, NOTE_SURFACE.dark);
  }
  // No color chosen: a readable one for the chosen background (the theme's text color otherwise).
  else if (isHexColor(bg)) style.color = textOn(bg);
  else if (isUploadPath(m.bg_url)) style.color = '#1f2937';
  if (m.bg_url && isUploadPath(m.bg_url)) {
    style.backgroundImage = `url("${m.bg_url}")`;
    style.backgroundSize = 'cover';
    style.backgroundPosition = 'center';
  }
  return style;
}

/** Dark text on a light background, light text on a dark one (relative luminance of a hex color). */
export function textOn(hex: string): string {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#1f2937' : '#f8fafc';
}

/** The same style as a CSS declaration string (for server-rendered Astro markup). */
export function styleText(style: Record<string, string>): string {
  return Object.entries(style)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
    .join(';');
}

/** Bangumi tabs (docs/product.md#route-table: /bangumi?status=). */
export const BANGUMI_TABS = [
  { status: 1, label: '想看' },
  { status: 2, label: '在看' },
  { status: 3, label: '看过' },
] as const;

/** Watched share of the episodes, 0–100, whole percent. */
export function progressPercent(progress: number, total: number): number {
  if (!(total > 0) || !(progress > 0)) return 0;
  return Math.min(100, Math.round((progress / total) * 100));
}

/** The first problem of a friend-link application (or an edit of one), or null when it can be sent. */
export function linkApplyError(f: {
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
}): string | null {
  if (!f.site_name.trim()) return '请输入网站名称';
  if (f.site_name.trim().length > 30) return '网站名称不能超过30个字';
  if (f.site_desc.trim().length > 100) return '网站描述不能超过100个字';
  if (!f.url.trim()) return '请输入网站地址';
  if (!isHttpUrl(f.url.trim()) || f.url.trim().length > 300) return '网站地址应以 http:// 或 https:// 开头';
  // The avatar is optional (as in the original's form): cards without one show a placeholder.
  const avatar = f.site_avatar.trim();
  if (avatar && (!isImageUrl(avatar) || avatar.length > 500)) return '网站头像应为 http(s) 图片地址';
  return null;
}

/** A short single-line excerpt of user text (notifications, previews). */
export function excerpt(text: string, max = 30): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Merges two pages of a list by id: a later copy replaces an earlier one, first positions are kept. */
export function mergeById<T extends { id: number }>(a: readonly T[], b: readonly T[]): T[] {
  const seen = new Map(a.map((x) => [x.id, x]));
  for (const x of b) seen.set(x.id, x);
  return [...seen.values()];
}
