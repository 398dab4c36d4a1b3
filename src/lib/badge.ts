/**
 * The header's unread badge, apart from the other notification rules so the always-loaded header
 * does not carry the drawer's sanitizer.
 */

/** The unread badge counts up to 9+; nothing when there is nothing unread. */
export function badgeText(unread: number): string {
  if (!Number.isFinite(unread) || unread <= 0) return '';
  return unread > 9 ? '9+' : String(Math.floor(unread));
}
