import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { db } from '../../db/connection.ts';
import { verifyPassword } from '../auth.ts';

/**
 * Password-protected articles (docs/api/public.md#password-protected-articles): whether `password`
 * opens public article `id`. Null when there is no such public article (missing, as to any visitor);
 * an article without a password opens with anything.
 */
export async function passwordOpens(id: number, password: string): Promise<boolean | null> {
  const row = await db
    .selectFrom('article')
    .select(['status', 'password'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.status !== ARTICLE_STATUS.public) return null;
  if (!row.password) return true;
  return verifyPassword(password, row.password);
}
