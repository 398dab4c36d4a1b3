import { expect } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import type { setupTestApi } from './helpers.ts';

export type AuditPage = { total: number; list: Record<string, any>[]; current: number; size: number };

/** The console's audit list as the admin asks for it, once every row being written is in. */
export async function auditList(
  api: ReturnType<typeof setupTestApi>,
  filter: Record<string, unknown> = {},
): Promise<AuditPage> {
  await auditSettled();
  const res = await api.call(
    'POST',
    '/api/audit/getAuditList',
    { current: 1, size: 50, ...filter },
    api.adminToken,
  );
  expect(res.json.code).toBe(0);
  return res.json.result;
}
