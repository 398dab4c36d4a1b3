import { Hono } from 'hono';
import { z } from 'zod';
import { conflict } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { confirmQr, scanQr } from '../services/music-account.ts';
import { requireUser } from './auth.ts';
import { body } from './validate.ts';

const KeyInput = z.object({ key: z.string().regex(/^[0-9a-f]{32}$/, '二维码无效') });

const REFUSALS = { expired: MSG.qrExpired, taken: MSG.qrTaken } as const;

/** The confirm page of the music QR login: a signed-in site user scans (802) and approves (803). */
export const musicRoutes = new Hono<ApiEnv>()
  .post('/music/qr/scan', async (c) => {
    const user = requireUser(c);
    const { key } = await body(c, KeyInput);
    const step = await scanQr(key, user.id);
    if (step !== 'ok') throw conflict(REFUSALS[step]);
    return ok(c, { status: 802 });
  })
  .post('/music/qr/confirm', async (c) => {
    const user = requireUser(c);
    const { key } = await body(c, KeyInput);
    const step = await confirmQr(key, user.id);
    if (step !== 'ok') throw conflict(REFUSALS[step]);
    return ok(c, { status: 803 }, '授权成功');
  });
