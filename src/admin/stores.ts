import { atom } from 'nanostores';
import { getReviewCounts } from '../lib/api/admin/moderation.ts';
import type { ReviewCounts } from '../lib/contract/admin-comments.ts';
import type { PublicUser } from '../lib/contract/users.ts';

/** The console's own state (the session, toasts and theme are the site's stores). */

/** The sidebar as a drawer, on narrow screens. */
export const $drawerOpen = atom(false);

/** Who is looking at the console, as far as the browser knows (the API decides for real). */
export type Gate = 'checking' | 'guest' | 'forbidden' | 'admin';
export const $gate = atom<Gate>('checking');

/**
 * The admin's own account as the gate read it from the server (GET /api/user/getUserInfoById, with
 * `otp_enabled`): the dashboard's 2FA banner and 账号与安全 read it, and the latter updates it.
 */
export const $self = atom<PublicUser | null>(null);

/**
 * The top bar's heading: the open page's title, unless its screen says otherwise (the editor turns
 * 写文章 into 编辑文章 once a new article is saved).
 */
export const $heading = atom('');

/**
 * The moderation queue's counts (docs/owner-guide.md#评论审核): the menu's badge on 评论与留言, the
 * screen's tabs and the dashboard read them; whatever changes the queue calls refreshReviewCounts.
 */
export const $reviewCounts = atom<ReviewCounts | null>(null);

export async function refreshReviewCounts(): Promise<void> {
  try {
    $reviewCounts.set(await getReviewCounts());
  } catch {
    /* the badge keeps its last figure; the call has said what went wrong */
  }
}
