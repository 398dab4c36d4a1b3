/** docs/product.md#numbers-and-times: 1,000+ shows one decimal with k; 10,000+ one decimal with w. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  if (n >= 10_000) return `${trim(n / 10_000)}w`;
  if (n >= 1_000) return `${trim(n / 1_000)}k`;
  return String(Math.trunc(n));
}

const trim = (v: number) => (Math.floor(v * 10) / 10).toFixed(1);

/**
 * A like button's accessible name: the action (取消… once liked) and the count it shows, so what is
 * seen is what is said (WCAG 2.5.3); the action alone while the count is unknown. Here, beside the
 * count and apart from the date formats, in the chrome's chunk: the article page's script labels
 * its like before any island loads, and the chrome shows counts (the site's visits).
 */
export function likeLabel(liked: boolean, count?: number | null, label = '点赞'): string {
  const action = liked ? `取消${label}` : label;
  return count == null ? action : `${action} ${formatCount(count)}`;
}
