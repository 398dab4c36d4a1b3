/**
 * A body's HTML for a feed reader, which reads it away from the site: the site's own addresses
 * (`/uploads/…`, `/article?id=…`, `#`-links stay) made absolute with `origin`.
 */
export function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(\s(?:src|href|poster)=")\/(?!\/)/g, `$1${origin}/`);
}
