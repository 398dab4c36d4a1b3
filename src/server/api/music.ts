import { Hono } from 'hono';
import { z } from 'zod';
import { conflict } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { confirmQr, scanQr } from '../services/music-account.ts';
import { requireUser } from './auth.ts';
import { body } from './validate.ts';

const KeyInput = z.object({ key: z.string().regex(/^[0-9a-f]{32}$/, '二维码无效') });

const REFUSALS = { expired: MSG.qrExpired, taken: MSG.qrTaken } as const;

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  scan: apiDoc({
    summary: '扫码登录：已扫码',
    access: 'login',
    body: KeyInput,
    description: '/wapi 的二维码被本站用户扫到（状态 802）。',
  }),
  confirm: apiDoc({
    summary: '扫码登录：确认授权',
    access: 'login',
    body: KeyInput,
    description: '本站用户同意后，二维码的状态变为 803，音乐服务登录为该用户。',
  }),
};

/** The confirm page of the music QR login: a signed-in site user scans (802) and approves (803). */
export const musicRoutes = new Hono<ApiEnv>()
  .post('/music/qr/scan', doc.scan, async (c) => {
    const user = requireUser(c);
    const { key } = await body(c, KeyInput);
    const step = await scanQr(key, user.id);
    if (step !== 'ok') throw conflict(REFUSALS[step]);
    return ok(c, { status: 802 });
  })
  .post('/music/qr/confirm', doc.confirm, async (c) => {
    const user = requireUser(c);
    const { key } = await body(c, KeyInput);
    const step = await confirmQr(key, user.id);
    if (step !== 'ok') throw conflict(REFUSALS[step]);
    return ok(c, { status: 803 }, '授权成功');
  });
