import { Hono } from 'hono';
import { z } from 'zod';
import { auditUsers, listAudit } from '../services/audit.ts';
import { choiceFilter, textFilter, timeFilter } from './admin-fields.ts';
import { AUDIT_ACTIONS, CLI_AUDIT_ACTIONS } from './audit-actions.ts';
import { requireAdmin } from './auth.ts';
import type { ApiEnv } from './context.ts';
import { ok } from './envelope.ts';
import { body, id, pageFields } from './validate.ts';

const ListBody = z.object({
  ...pageFields,
  user_id: choiceFilter(id()),
  action: textFilter(20),
  thing_type: textFilter(20),
  text: textFilter(100),
  time: timeFilter,
});

const unique = (values: string[]) => [...new Set(values)];

/** The audit log (issue 20, /admin/audit), admin-only. */
export const auditAdminRoutes = new Hono<ApiEnv>()
  .post('/audit/getAuditList', async (c) => {
    requireAdmin(c);
    return ok(c, await listAudit(await body(c, ListBody)));
  })
  .get('/audit/getAuditDictionary', async (c) => {
    requireAdmin(c);
    const specs = [...Object.values(AUDIT_ACTIONS), ...Object.values(CLI_AUDIT_ACTIONS)];
    return ok(c, {
      actions: unique(specs.map((s) => s.action)),
      things: unique(specs.map((s) => s.thing)),
      users: await auditUsers(),
    });
  });
