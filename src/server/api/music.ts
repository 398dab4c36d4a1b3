import { Hono } from 'hono';
import { z } from 'zod';
import { ok, refuse } from '../core/errors.ts';
import { confirmQr, scanQr } from '../music/account.ts';
import { requireUser } from './auth.ts';
import type { ApiEnv } from './context.ts';
import { body } from './validate.ts';

const KeyInput = z.object({ key: z.string().regex(/^[0-9a-f]{32}$/, '二维码无效') });

const REFUSALS = { expired: '二维码已过期,请重新获取', taken: '该二维码已被其他账号扫描' } as const;

/** The confirm page of the music QR login: a signed-in site user scans (802) and approves (803). */
export const musicRoutes = new Hono<ApiEnv>()
  .post('/music/qr/scan', async (c) => {
    const user = requireUser(c);
    const { key } = await body(c, KeyInput);
    const step = await scanQr(key, user.id);
    if (step !== 'ok') throw refuse(REFUSALS[step]);
    return ok(c, { status: 802 });
  })
  .post('/music/qr/confirm', async (c) => {
    const user = requireUser(c);
    const { key } = await body(c, KeyInput);
    const step = await confirmQr(key, user.id);
    if (step !== 'ok') throw refuse(REFUSALS[step]);
    return ok(c, { status: 803 }, '授权成功');
  });
