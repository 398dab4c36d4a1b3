import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApiApp } from '../../src/server/api/app.ts';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { config, initConfig } from '../../src/server/config.ts';
import { Lifecycle } from '../../src/server/core/lifecycle.ts';
import { db } from '../../src/server/db/connection.ts';
import { signToken } from '../../src/server/services/auth.ts';
import type { JobParts } from '../../src/server/services/job-parts.ts';
import { createUser } from '../../src/server/services/users.ts';
import { databaseEnv } from '../setup/database.ts';

export const ADMIN = { username: 'admin', password: 'Admin12345' };

/** A guestbook message's look with nothing chosen: no tag, the default font, no colours or picture. */
export const PLAIN_LOOK = { tag: '', color: '', font_size: 16, font_weight: 400, bg_color: '', bg_url: '' };

/**
 * The parts a background job is built with, on the test's database, with the clock `ahead` ms from
 * now (a purge sees what it would see that much later) and a lifecycle of its own.
 */
export const jobParts = (aheadMs = 0): JobParts => ({
  life: new Lifecycle(),
  db,
  config,
  clock: () => new Date(Date.now() + aheadMs),
});

export type Json = { code: number; message: string; result?: any };
export type Answer = { status: number; json: Json; headers: Headers };

/**
 * A fresh temporary data dir and database (SQLite or PostgreSQL, by the test project) for one test file, the /api app on it, and helpers that
 * call it the way a browser would (JSON in, envelope out).
 */
export function setupTestApi(opts: { seed?: boolean; env?: Record<string, string> } = {}) {
  const ctx = {
    dataDir: '',
    app: undefined as unknown as ReturnType<typeof createApiApp>,
    adminId: 0,
    adminToken: '',
    call(
      method: string,
      url: string,
      body?: unknown,
      token?: string,
      headers: Record<string, string> = {},
    ): Promise<Answer> {
      return ctx.callFrom('127.0.0.1', method, url, body, token, headers);
    },
    /** As `call`, from another socket address (the per-address limits). */
    async callFrom(
      ip: string,
      method: string,
      url: string,
      body?: unknown,
      token?: string,
      headers: Record<string, string> = {},
    ): Promise<Answer> {
      const init: RequestInit = { method, headers: { ...headers } };
      if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
      if (body !== undefined) {
        if (typeof body === 'string' || body instanceof FormData) init.body = body as BodyInit;
        else {
          init.body = JSON.stringify(body);
          (init.headers as Record<string, string>)['content-type'] = 'application/json';
        }
      }
      const res = await ctx.app.request(url, init, { ip });
      const text = await res.text();
      let json: Json;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
      }
      return { status: res.status, json, headers: res.headers };
    },
    /** A new ordinary user and a token for them. */
    async user(name = `user${Math.random().toString(36).slice(2, 8)}`) {
      const id = await createUser({ username: name, password: 'Passw0rd!', nick_name: `昵称${name}` });
      const row = await db
        .selectFrom('user')
        .select(['id', 'role', 'token_version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { id, username: name, token: await signToken(row) };
    },
  };
  beforeAll(async () => {
    ctx.dataDir = mkdtempSync(path.join(tmpdir(), 'blog-test-'));
    const cfg = initConfig({
      DATA_DIR: ctx.dataDir,
      SEED_DEMO: opts.seed ? 'true' : 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      ...(await databaseEnv()),
      ...opts.env,
    });
    const prepared = await prepareDatabase(cfg);
    ctx.adminId = prepared.adminId;
    const admin = await db
      .selectFrom('user')
      .select(['id', 'role', 'token_version'])
      .where('id', '=', prepared.adminId)
      .executeTakeFirstOrThrow();
    ctx.adminToken = await signToken(admin);
    ctx.app = createApiApp();
  });
  afterAll(async () => {
    await closeDatabase();
    rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

/**
 * Guests post to the guestbook without the proof of work (the owner's `guest_captcha` off), for the test
 * files about the guestbook itself: the captcha has its own (tests/api/guest-guard.test.ts). Call at the
 * file's top, after setupTestApi.
 */
export function withoutGuestCaptcha(): void {
  beforeAll(guestCaptchaOff);
}

/** The same at once (after a test that rebuilt the database's newer columns with their defaults). */
export async function guestCaptchaOff(): Promise<void> {
  await db.updateTable('config').set({ guest_captcha: 0 }).where('id', '=', 1).execute();
}
