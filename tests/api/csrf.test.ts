import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { rawRequest } from '../e2e/server.ts';
import { setupTestApi } from './helpers.ts';

/** Writes from other sites and bodies a cross-site form can send are refused before any handler. */
const api = setupTestApi({ seed: true });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function talkLikes(id: number) {
  const row = await db.selectFrom('talk').select('like_times').where('id', '=', id).executeTakeFirstOrThrow();
  return row.like_times;
}

/** A raw request from a guest address, headers as given. */
async function send(url: string, init: RequestInit) {
  const res = await api.app.request(`http://localhost${url}`, init, { ip: '10.9.0.1' });
  return { status: res.status, json: (await res.json()) as { code: number; message: string } };
}

describe('cross-site writes', () => {
  it('a cross-site text/plain form posting JSON is refused and adds no like', async () => {
    const before = await talkLikes(2);
    const body = '{"type":2,"for_id":2}';
    // What a <form enctype="text/plain"> on another site sends…
    const form = await send('/api/like/addLike', {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      body,
    });
    expect(form.status).toBe(403);
    expect(form.json).toEqual({ code: 403, message: '拒绝跨站请求' });
    // …and the same body without the browser's headers is still not JSON.
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const plain = await send('/api/like/addLike', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expect(plain.status, type).toBe(415);
      expect(plain.json.message).toBe('请求体必须是 JSON（Content-Type: application/json）');
    }
    expect(await talkLikes(2)).toBe(before);
  });

  it('Sec-Fetch-Site: cross-site or a foreign Origin gets 403, even with a JSON body or none', async () => {
    const u = await api.user();
    const auth = { authorization: `Bearer ${u.token}` };
    const json = { 'content-type': 'application/json' };
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost.evil.example' },
    ];
    for (const headers of foreign) {
      const like = await send('/api/like/addLike', {
        method: 'POST',
        headers: { ...auth, ...json, ...headers },
        body: '{"type":2,"for_id":2}',
      });
      expect(like.status, JSON.stringify(headers)).toBe(403);
      // A body-less write (logout) is covered by the same check.
      const out = await send('/api/user/logout', { method: 'POST', headers: { ...auth, ...headers } });
      expect(out.status).toBe(403);
    }
    expect((await api.call('GET', '/api/todo/list', undefined, u.token)).status).toBe(200);
  });

  it('our own clients pass: same origin, axios JSON with charset, no browser headers, uploads', async () => {
    const u = await api.user();
    const auth = { authorization: `Bearer ${u.token}` };
    const before = await talkLikes(5);
    // The original Vue client (axios): application/json;charset=UTF-8, same-origin.
    const axios = await send('/api/like/addLike', {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json;charset=UTF-8',
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
      },
      body: '{"type":2,"for_id":5}',
    });
    expect(axios.json.code).toBe(0);
    expect(await talkLikes(5)).toBe(before + 1);
    // Body-less beacons (PUT addView) and a script without browser headers.
    const view = await send('/api/config/addView', {
      method: 'PUT',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(view.json.code).toBe(0);
    const cli = await api.call('POST', '/api/like/getLikeInfo', { type: 2, for_id: 5 }, u.token);
    expect(cli.json.code).toBe(0);
    // The image upload takes multipart (and only multipart).
    const form = new FormData();
    form.append('file', new File([new Uint8Array(PNG)], 'a.png', { type: 'image/png' }));
    const up = await api.app.request(
      'http://localhost/api/upload/img',
      { method: 'POST', headers: { ...auth, origin: 'http://localhost' }, body: form },
      { ip: '10.9.0.1' },
    );
    expect(((await up.json()) as { code: number }).code).toBe(0);
    const jsonUpload = await send('/api/upload/img', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"file":"x"}',
    });
    expect(jsonUpload.status).toBe(415);
    expect(jsonUpload.json.message).toBe('请用表单上传（Content-Type: multipart/form-data）');
  });

  it('a body-less DELETE from a browser, over real HTTP, is not taken for a body of the wrong type', async () => {
    // Browsers send neither Content-Length nor Content-Type on a DELETE without a body; Node's adapter
    // still gives the Request a body stream. (Deleting a comment or a to-do answered 415.)
    const user = await api.user();
    const todo = await api.call('POST', '/api/todo/add', { content: '买牛奶' }, user.token);
    const server = http.createServer(getRequestListener(api.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { status } = await rawRequest(
        `http://127.0.0.1:${port}`,
        `/api/todo/delete/${todo.json.result.id}`,
        { Host: `127.0.0.1:${port}`, authorization: `Bearer ${user.token}`, 'sec-fetch-site': 'same-origin' },
        { method: 'DELETE' },
      );
      expect(status).toBe(200);
    } finally {
      server.close();
    }
  });
});
