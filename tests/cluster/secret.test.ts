import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../api/processes.ts';
import { call, eventually, login, newUser, node } from './client.ts';

/**
 * `npm run blog -- rotate-secret` on the cluster's database. Each built server reads the
 * stored key every 5 s (root/create-site.ts, boot/secret.ts watchSigningKey), Redis or not, and from then on
 * refuses every token signed with the old key.
 */
describe('rotate-secret with two running processes', () => {
  it('both refuse the tokens of the old key within seconds, and a new login is good on both', async () => {
    const user = await newUser(node(0));
    const me = (base: string, token: string) =>
      call(base, 'GET', '/api/user/getOwnStatistic', undefined, { token, ip: user.ip });
    expect((await me(node(1), user.token)).json.code).toBe(0);

    const folder = mkdtempSync(path.join(tmpdir(), 'blog-cluster-rotate-'));
    try {
      const run = await runCli(['rotate-secret'], {
        DATABASE_URL: inject('cluster').databaseUrl,
        DATA_DIR: folder,
      });
      expect(run.code, run.err).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    for (const base of [node(0), node(1)]) {
      const refused = await eventually(
        () => me(base, user.token),
        (r) => r.status === 401,
        15_000,
      );
      expect(refused.status, base).toBe(401);
    }

    const again = await login(node(1), user.username, 'Passw0rd!', user.ip);
    expect(again.json.code).toBe(0);
    expect((await me(node(0), again.json.result.token)).json.code).toBe(0);
  });
});
