import { Hono } from 'hono';
import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { clearAutosave } from '../services/articles/autosave.ts';
import { getRevision, listRevisions } from '../services/articles/revisions.ts';
import { updateArticle } from '../services/articles.ts';
import { requireAdmin } from './auth.ts';
import { check } from './validate.ts';

/** An article's revisions (docs/api/admin.md#revisions): list, read one, restore one. All admin. */

const idPath = z.object({ id: id() });
const revisionPath = z.object({ revisionId: id() });

const doc = {
  list: apiDoc({
    summary: '文章的历史版本',
    access: 'admin',
    path: idPath,
    description: '新的在前；size 为正文的字符数，user_id 为保存者。',
  }),
  read: apiDoc({ summary: '读取一个历史版本', access: 'admin', path: revisionPath }),
  restore: apiDoc({
    summary: '恢复历史版本',
    access: 'admin',
    path: revisionPath,
    description: '把文章的标题与正文改回这个版本，这次恢复本身成为一个新的版本；回答文章的新版本号。',
  }),
};

export const articleRevisionRoutes = new Hono<ApiEnv>()
  .get('/article/revisions/:id', doc.list, async (c) => {
    requireAdmin(c);
    return ok(c, await listRevisions(check(idPath, c.req.param()).id));
  })
  .get('/article/revision/:revisionId', doc.read, async (c) => {
    requireAdmin(c);
    return ok(c, await getRevision(check(revisionPath, c.req.param()).revisionId));
  })
  .put('/article/revision/restore/:revisionId', doc.restore, async (c) => {
    const admin = requireAdmin(c);
    const revision = await getRevision(check(revisionPath, c.req.param()).revisionId);
    const { article_id, article_title, article_content } = revision;
    const version = await updateArticle(article_id, { article_title, article_content }, { by: admin.id });
    // The editor's unsaved state was typed over what is now replaced.
    await clearAutosave(admin.id, article_id);
    return ok(c, { id: article_id, version }, '已恢复该版本');
  });
