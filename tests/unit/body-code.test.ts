import { afterEach, describe, expect, it, vi } from 'vitest';
import * as http from '../../src/lib/api/client.ts';
import { bodyCode, isOk, isWarning } from '../../src/lib/body-code.ts';
import '../../src/stores/api.ts';
import { $unread, refreshUnread } from '../../src/stores/notify.ts';
import { $token } from '../../src/stores/session.ts';
import { $toasts } from '../../src/stores/toast.ts';

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
  $token.set('');
  $unread.set(0);
});

describe('bodyCode: "100" and 100 alike', () => {
  it.each([
    [{ code: 100 }, 100],
    [{ code: '100' }, 100],
    [{ code: ' 100 ' }, 100],
    [{ code: 0 }, 0],
    [{ code: '0' }, 0],
    [{ code: 800 }, 800],
    [{ code: '803' }, 803],
    [{ code: -1 }, -1],
  ])('%j → %d', (body, code) => {
    expect(bodyCode(body)).toBe(code);
  });

  it.each([
    [{}],
    [{ code: '' }],
    [{ code: null }],
    [{ code: true }],
    [{ code: '1e2' }],
    [{ code: '0x64' }],
    [{ code: 1.5 }],
    [null],
    ['100'],
    [undefined],
  ])('%j is no code (never taken for 0)', (body) => {
    expect(bodyCode(body)).toBeNaN();
    expect(isOk(body)).toBe(false);
    expect(isWarning(body)).toBe(false);
  });

  it('isOk and isWarning read either spelling', () => {
    expect(isOk({ code: '0' })).toBe(true);
    expect(isOk({ code: 0 })).toBe(true);
    expect(isWarning({ code: '100' })).toBe(true);
    expect(isWarning({ code: 100 })).toBe(true);
  });
});

describe('every reader of a body code goes through it', () => {
  it('the HTTP client resolves a code "0" envelope', async () => {
    answer({ code: '0', message: '成功', result: { x: 1 } });
    expect(await http.get('http://127.0.0.1/api/x')).toEqual({ x: 1 });
    expect($toasts.get()).toHaveLength(0);
  });

  it('the HTTP client rejects other string codes with the code as a number, silently', async () => {
    answer({ code: '1', message: '失败' });
    await expect(http.get('http://127.0.0.1/api/x')).rejects.toMatchObject({ code: 1, shown: false });
    expect($toasts.get()).toHaveLength(0);
  });

  it('the header badge takes the unread count from a code "0" envelope', async () => {
    $token.set('tok');
    answer({ code: '0', message: '成功', result: { unread: 4, list: [] } });
    await refreshUnread();
    expect($unread.get()).toBe(4);
  });
});
