import { adminPreview, unlockArticle } from '../../lib/api/articles.ts';
import { HttpError } from '../../lib/api/client.ts';
import { readingMinutes } from '../../lib/article.ts';
import { formatCount } from '../../lib/format.ts';
import { $userInfo } from '../../stores/session.ts';
import { enrichBody } from './rich-body.ts';

/**
 * The password box of a password-protected article (docs/api/public.md#password-protected-articles):
 * the page HTML holds no text of it, so the right password fetches the rendered body and puts it in
 * place. The password is kept in the tab's sessionStorage, so the article opens by itself for the rest of
 * the browser session; the admin's opens with no password at all. Loaded only on such a page.
 * Returns the body element it filled, or null.
 */
const KEY = (id: string) => `article-password:${id}`;

function show(
  box: HTMLElement,
  opened: { html: string; article: { wordCount: number } },
): HTMLElement | null {
  const body = box.querySelector<HTMLElement>('[data-locked-body]');
  if (!body) return null;
  body.innerHTML = opened.html;
  body.hidden = false;
  enrichBody(body);
  box.querySelector('[data-unlock-form]')?.remove();
  // The banner's length facts, left empty in the page (they would tell of the hidden body).
  const { wordCount } = opened.article;
  const facts = { words: `${formatCount(wordCount)} 字`, minutes: `约 ${readingMinutes(wordCount)} 分钟` };
  for (const li of document.querySelectorAll<HTMLElement>('[data-unlocked-fact]')) {
    const slot = li.querySelector('span');
    if (!slot) continue;
    slot.textContent = facts[li.dataset.unlockedFact as keyof typeof facts] ?? '';
    li.hidden = false;
  }
  return body;
}

export async function setupUnlock(box: HTMLElement): Promise<HTMLElement | null> {
  const id = box.dataset.unlock ?? '';
  if ($userInfo.get()?.role === 1) {
    const preview = await adminPreview(id, { quiet: true }).catch(() => null);
    if (preview) return show(box, preview);
  }
  const form = box.querySelector<HTMLFormElement>('[data-unlock-form]');
  const input = form?.querySelector<HTMLInputElement>('input');
  const error = form?.querySelector<HTMLElement>('[data-unlock-error]');
  if (!form || !input || !error) return null;
  const open = async (password: string): Promise<HTMLElement | null> => {
    try {
      const article = await unlockArticle(id, password);
      sessionStorage.setItem(KEY(id), password);
      return show(box, { html: article.html, article });
    } catch (e) {
      sessionStorage.removeItem(KEY(id));
      error.textContent = e instanceof HttpError && e.message ? e.message : '网络错误，请稍后再试';
      return null;
    }
  };
  const kept = sessionStorage.getItem(KEY(id));
  if (kept) {
    const body = await open(kept);
    if (body) return body;
    error.textContent = '';
  }
  return new Promise((resolve) => {
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (!input.value) {
        error.textContent = '请输入文章密码';
        return;
      }
      const body = await open(input.value);
      if (body) resolve(body);
    });
  });
}
