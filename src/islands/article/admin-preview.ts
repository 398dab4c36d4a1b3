import { adminPreview } from '../../lib/api/articles.ts';
import { $userInfo } from '../../stores/session.ts';
import { enrichBody } from './rich-body.ts';

/**
 * A private or draft article reads as 404 to everyone (the page HTML is shared and cached); for a
 * signed-in admin this fills the page's hidden preview with the server's sanitized rendering.
 * Returns the body element it filled, or null when the visitor is not the admin.
 */
export async function showAdminPreview(shell: HTMLElement): Promise<HTMLElement | null> {
  if ($userInfo.get()?.role !== 1) return null;
  const preview = await adminPreview(shell.dataset.adminPreview ?? '', { quiet: true }).catch(() => null);
  const title = shell.querySelector<HTMLElement>('[data-preview-title]');
  const body = shell.querySelector<HTMLElement>('[data-preview-body]');
  if (!preview || !title || !body) return null;
  title.textContent = `${preview.article.article_title}（${preview.article.status === 2 ? '私密' : '草稿'}，仅管理员可见）`;
  body.innerHTML = preview.html;
  enrichBody(body);
  shell.hidden = false;
  shell.previousElementSibling?.setAttribute('hidden', '');
  return body;
}
