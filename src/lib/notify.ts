/**
 * Notification rules shared by the server (sanitizing) and the drawer
 * (docs/product.md#opening-a-notification).
 */

/** Notification page size. */
export const NOTIFY_PAGE_SIZE = 10;

/** The only tags a notification may carry, always without attributes. */
const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'u', 'br']);
const VOID = new Set(['br']);
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/;

/**
 * Notification markup reduced to a tiny safe set: <b>, <strong>, <i>, <em>, <u> and <br>, with no
 * attributes. Any other `<` or `>` (another tag, an attribute, a comment, a stray bracket) becomes
 * text; a bare `&` becomes &amp;; tags are balanced (stray closers dropped, open ones closed), so the
 * result can go into innerHTML as it is.
 */
export function sanitizeMarkup(input: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '<') {
      const m = /^<(\/?)([a-zA-Z]+)\s*(\/?)>/.exec(input.slice(i, i + 16));
      const name = m?.[2].toLowerCase();
      if (m && name && ALLOWED.has(name)) {
        if (VOID.has(name)) {
          if (!m[1]) out += '<br>';
        } else if (m[1]) {
          const at = open.lastIndexOf(name);
          if (at >= 0) {
            // Close what was opened inside it too, innermost first.
            while (open.length > at) out += `</${open.pop()}>`;
          }
        } else if (!m[3]) {
          open.push(name);
          out += `<${name}>`;
        }
        i += m[0].length;
        continue;
      }
      out += '&lt;';
    } else if (ch === '>') out += '&gt;';
    else if (ch === '&') out += ENTITY.test(input.slice(i, i + 40)) ? '&' : '&amp;';
    else if (ch === '"') out += '&quot;';
    else out += ch;
    i++;
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Words that make text unfit for HTML display (docs/product.md#html-content-check). */
const UNSAFE_WORDS = /script|alert|window|prompt|location|href|iframe|onload|onerror/i;

/**
 * The HTML content check: true when the text has tag-like markup and contains none of the words
 * script, alert, window, prompt, location, href, iframe, onload, onerror. The drawer shows a message
 * as markup only when this holds; otherwise as plain text.
 */
export function isHtmlContent(text: string): boolean {
  return /<\/?[a-zA-Z][^<>]*>/.test(text) && !UNSAFE_WORDS.test(text);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Markup as the text a reader sees: tags removed, entities decoded (for showing a message as text). */
export function markupToText(markup: string): string {
  return markup.replace(/<[^<>]*>/g, '').replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (all, ref) => {
    if (ref[0] !== '#') return NAMED[ref] ?? all;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

/**
 * Where opening a notification leads (docs/product.md#opening-a-notification): a site path, opened in the
 * same tab.
 */
export type NotifyTarget = { href: string } | null;

/**
 * 1 → /article?id={to_id}, 2 → /talk?id={to_id}, 3 → /message/list, 4 (a friend-link application)
 * → the site config's `admin_url` (the admin site: the owner console, `/admin` by default),
 * or /link/list, whose 待审核 list is where an admin reviews it too, when `admin_url` is empty or not
 * an address a link may lead to (only a site path or an http(s) address: never `javascript:`).
 * A type-4 notice to someone who is not an admin (their application approved or rejected)
 * leads to /link/list: the admin site would refuse them. 5 (about the receiver's own account, such as
 * its two-factor code step locked) → /userCenter.
 */
export function notifyTarget(type: number, toId: number, adminUrl = '', forAdmin = true): NotifyTarget {
  switch (type) {
    case 1:
      return { href: `/article?id=${toId}` };
    case 2:
      return { href: `/talk?id=${toId}` };
    case 3:
      return { href: '/message/list' };
    case 4:
      return { href: (forAdmin && adminHref(adminUrl)) || '/link/list' };
    case 5:
      return { href: '/userCenter' };
    default:
      return null;
  }
}

/** `admin_url` when it is a path of this site (`/admin`, not `//host`) or an http(s) address. */
function adminHref(url: string): string | null {
  const u = url.trim();
  if (/^\/(?![/\\])[^\s]*$/.test(u)) return u;
  return /^https?:\/\/[^\s/]+[^\s]*$/i.test(u) ? u : null;
}
