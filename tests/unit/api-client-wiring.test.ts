import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, installApi, post, put, request } from '../../src/lib/api/client.ts';

/**
 * The API client of src/lib/api without the stores: how it waits for its wiring, what it sends,
 * and what it does with each kind of answer. tests/unit/api-client.test.ts checks it wired to the
 * real stores (the failure toasts, 401).
 */

type Call = [string, RequestInit];
const toasts: [string, string, string][] = [];
let unauthorized = 0;
let token = '';

function answer(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(text, { status }));
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls as Call[];
}

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.length = 0;
  unauthorized = 0;
  token = '';
});

describe('the API client', () => {
  it('waits for its wiring: a call made before installApi() is sent once the stores are wired', async () => {
    const calls = answer(200, { code: 0, message: '', result: 7 });
    const pending = request<number>('GET', '/api/x');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls()).toHaveLength(0);
    token = 'tok-early';
    installApi({
      token: () => token,
      toast: (message, kind, title) => void toasts.push([message, kind, title]),
      unauthorized: () => void unauthorized++,
    });
    expect(await pending).toBe(7);
    expect(new Headers(calls()[0][1].headers).get('authorization')).toBe('Bearer tok-early');
  });

  it('sends a plain object as JSON and a FormData as it is', async () => {
    const calls = answer(200, { code: 0, message: '', result: null });
    await post('/api/a', { a: 1 });
    await post('/api/b', new FormData());
    await post('/api/c');
    const [json, form, empty] = calls();
    expect(new Headers(json[1].headers).get('content-type')).toBe('application/json');
    expect(json[1].body).toBe('{"a":1}');
    expect(form[1].body).toBeInstanceOf(FormData);
    expect(new Headers(form[1].headers).get('content-type')).toBeNull();
    expect(empty[1].body).toBe('{}');
  });

  it('a GET or a PUT without a body sends none', async () => {
    const calls = answer(200, { code: 0, message: '', result: null });
    await put('/api/x');
    expect(calls()[0][1].body).toBeUndefined();
    expect(new Headers(calls()[0][1].headers).get('content-type')).toBeNull();
  });

  it('sends the token of the options instead of the session one (logout ends the token it names)', async () => {
    token = 'session-token';
    const calls = answer(200, { code: 0, message: '', result: null });
    await post('/api/user/logout', {}, { token: 'old-token', keepalive: true });
    expect(new Headers(calls()[0][1].headers).get('authorization')).toBe('Bearer old-token');
    expect(calls()[0][1].keepalive).toBe(true);
  });

  it('code "100" as text is the warning; quiet, it rejects without a toast', async () => {
    answer(200, { code: '100', message: '内容不能为空' });
    await expect(post('/api/x')).rejects.toMatchObject({ code: 100, shown: true, message: '内容不能为空' });
    expect(toasts).toEqual([['内容不能为空', 'warning', '温馨提示']]);
    toasts.length = 0;
    await expect(post('/api/x', {}, { quiet: true })).rejects.toMatchObject({ code: 100, shown: false });
    expect(toasts).toEqual([]);
  });

  it('401 ends the session through the wiring; quiet, it leaves the session alone', async () => {
    answer(401, { code: 401, message: '登录过期，请重新登录' });
    await expect(post('/api/x')).rejects.toMatchObject({ status: 401, shown: true });
    expect(unauthorized).toBe(1);
    expect(toasts).toEqual([['登录过期，请重新登录', 'error', '错误提示']]);
    await expect(post('/api/x', {}, { quiet: true })).rejects.toMatchObject({ status: 401, shown: false });
    expect(unauthorized).toBe(1);
  });

  it('a network failure or a body that is not JSON rejects with no message and no toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await post('/api/x').catch((err: unknown) => err);
    expect(offline).toBeInstanceOf(HttpError);
    expect(offline).toMatchObject({ status: 0, code: 0, shown: false, message: '' });
    answer(200, '<html>proxy error</html>');
    await expect(post('/api/x')).rejects.toMatchObject({ status: 200, shown: false, message: '' });
    expect(toasts).toEqual([]);
  });

  it('sends an idempotency key as the Idempotency-Key header, and none without one', async () => {
    const calls = answer(200, { code: 0, message: '', result: null });
    await post('/api/article/add', { a: 1 }, { idempotencyKey: 'key-1' });
    await post('/api/article/add', { a: 1 });
    expect(new Headers(calls()[0][1].headers).get('idempotency-key')).toBe('key-1');
    expect(new Headers(calls()[1][1].headers).get('idempotency-key')).toBeNull();
  });

  describe('a keyed call whose answer was lost is sent once more, with the same key', () => {
    /** fetch answering from `script` in turn: a status and envelope, or a network failure. */
    function scripted(script: (number | 'offline')[]) {
      const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
        const next = script.shift();
        if (next === undefined || next === 'offline') throw new TypeError('Failed to fetch');
        const body =
          next === 200 ? { code: 0, message: '', result: 'first answer' } : '<html>Bad Gateway</html>';
        return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: next });
      });
      vi.stubGlobal('fetch', fetch);
      return () => fetch.mock.calls as Call[];
    }
    /** Runs the call with the pause between the tries run at once (fake timers, no real wait). */
    async function settle<T>(call: Promise<T>) {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      try {
        const done = call.then(
          (v) => ({ ok: true as const, v }),
          (e: unknown) => ({ ok: false as const, e }),
        );
        await vi.runAllTimersAsync();
        return await done;
      } finally {
        vi.useRealTimers();
      }
    }
    const keyOf = (c: Call) => new Headers(c[1].headers).get('idempotency-key');

    it.each([['offline' as const], [502], [504]])('after %s: the second try answers', async (lost) => {
      const calls = scripted([lost, 200]);
      const r = await settle(
        post<string>('/api/talk/publishTalk', { content: 'x' }, { idempotencyKey: 'k-2' }),
      );
      expect(r).toEqual({ ok: true, v: 'first answer' });
      expect(calls()).toHaveLength(2);
      expect(calls().map(keyOf)).toEqual(['k-2', 'k-2']);
      expect(calls()[1][1].body).toBe(calls()[0][1].body);
    });

    it('only once: a second loss fails the call as before, without a toast', async () => {
      const calls = scripted(['offline', 'offline', 200]);
      const r = await settle(post('/api/talk/publishTalk', {}, { idempotencyKey: 'k-3' }));
      expect(r.ok).toBe(false);
      expect(r.ok ? null : r.e).toMatchObject({ status: 0, shown: false });
      expect(calls()).toHaveLength(2);
    });

    it('a call without a key is never sent again, nor one that was answered', async () => {
      const calls = scripted(['offline', 200]);
      const r = await settle(post('/api/talk/publishTalk', {}));
      expect(r.ok).toBe(false);
      expect(calls()).toHaveLength(1);
      const answered = scripted([500, 200]);
      await settle(post('/api/talk/publishTalk', {}, { idempotencyKey: 'k-4' }));
      expect(answered()).toHaveLength(1);
    });
  });
});
