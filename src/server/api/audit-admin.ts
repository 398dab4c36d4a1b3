import { Hono } from 'hono';
import { z } from 'zod';
import { choiceFilter, id, pageFields, textFilter, timeFilter } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { auditKinds, auditUsers, listAudit } from '../services/audit.ts';
import { AUDIT_ACTIONS, AUDIT_EVENTS, AUDIT_KINDS } from './audit-actions.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

const ListBody = z.object({
  ...pageFields,
  user_id: choiceFilter(id()),
  kind: textFilter(20),
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
    // The known kinds first, then any other the log holds (an event added later, a row of a newer
    // version of the blog): the 类型 filter offers every kind that can be found. Actions are typed
    // (part of a name), so the table's are only suggestions.
    const specs = [...Object.values(AUDIT_ACTIONS), ...Object.values(AUDIT_EVENTS)];
    return ok(c, {
      kinds: unique([...AUDIT_KINDS, ...(await auditKinds())]),
      actions: unique(specs.map((s) => s.action)),
      things: unique(specs.map((s) => s.thing)),
      users: await auditUsers(),
    });
  });
