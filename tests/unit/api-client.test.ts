import { afterEach, describe, expect, it, vi } from 'vitest';
import { addArticle, isRenderRefused, isStaleSave, updateArticle } from '../../src/lib/api/admin/articles.ts';
import * as http from '../../src/lib/api/client.ts';
import { HttpError } from '../../src/lib/api/client.ts';
import { renderRefusal } from '../../src/lib/render-note.ts';
import '../../src/stores/api.ts';
import { $activeModal } from '../../src/stores/modal.ts';
import { $token, $userInfo, setSession } from '../../src/stores/session.ts';
import { $toasts } from '../../src/stores/toast.ts';

/** Answers every fetch with this status and JSON body. */
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

const last = () => $toasts.get().at(-1);

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
  $activeModal.set(null);
});

describe('the HTTP client error catalogue', () => {
  it('resolves with result on code 0 and sends the token', async () => {
    setSession('tok-1', { id: 1, nick_name: 'a', avatar: '', role: 2 });
    answer(200, { code: 0, message: '成功', result: { x: 1 } });
    expect(await http.get('http://127.0.0.1/api/x')).toEqual({ x: 1 });
    const init = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0];
    const headers = new Headers(
      (init[1] as RequestInit | undefined)?.headers ?? (init[0] as Request).headers,
    );
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect($toasts.get()).toHaveLength(0);
  });

  it('code 100 → warning titled 温馨提示 with the server message, rejected', async () => {
    answer(200, { code: 100, message: '用户名已存在' });
    await expect(http.post('http://127.0.0.1/api/x')).rejects.toMatchObject({ code: 100, shown: true });
    expect(last()).toMatchObject({ kind: 'warning', title: '温馨提示', message: '用户名已存在' });
  });

  it("a refusal that carries a result keeps it on the error (the login's need_otp)", async () => {
    answer(200, { code: 100, message: '请输入两步验证码', result: { need_otp: true } });
    await expect(http.post('http://127.0.0.1/api/user/login', {}, { quiet: true })).rejects.toMatchObject({
      code: 100,
      message: '请输入两步验证码',
      result: { need_otp: true },
      shown: false,
    });
  });

  it('code "100" (a string, as some servers of this family send it) is the same warning', async () => {
    answer(200, { code: '100', message: '参数错误 size: 无效输入' });
    await expect(http.post('http://127.0.0.1/api/x')).rejects.toMatchObject({ code: 100, shown: true });
    expect(last()).toMatchObject({ kind: 'warning', title: '温馨提示', message: '参数错误 size: 无效输入' });
  });

  it('401 → 登录过期 (or the server message), session cleared, login dialog opened', async () => {
    setSession('tok-2', { id: 2, nick_name: 'b', avatar: '', role: 2 });
    answer(401, { code: 401 });
    await expect(http.get('http://127.0.0.1/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(last()).toMatchObject({ kind: 'error', title: '错误提示', message: '登录过期' });
    expect($token.get()).toBe('');
    expect($userInfo.get()).toBeNull();
    expect($activeModal.get()).toBe('login');
  });

  it("a disabled account's 401 says why, and ends the session the same way", async () => {
    setSession('tok-3', { id: 3, nick_name: 'c', avatar: '', role: 2 });
    answer(401, { code: 401, message: '该账号已被停用' });
    await expect(http.post('http://127.0.0.1/api/message/add', {})).rejects.toMatchObject({ status: 401 });
    expect(last()).toMatchObject({ kind: 'error', message: '该账号已被停用' });
    expect($token.get()).toBe('');
    expect($activeModal.get()).toBe('login');
  });

  it.each([
    [403, { message: '' }, 'error', '权限不足'],
    [403, { message: '只有博主可以' }, 'error', '只有博主可以'],
    [404, { message: 'whatever' }, 'error', '接口没有找到'],
    [408, {}, 'warning', '服务端错误'],
    // An Idempotency-Key's answers: the console shows why its create was not made.
    [409, { message: '该请求正在处理中，请稍后再试' }, 'warning', '该请求正在处理中，请稍后再试'],
    [
      422,
      { message: '同一个 Idempotency-Key 不能用于不同的请求' },
      'warning',
      '同一个 Idempotency-Key 不能用于不同的请求',
    ],
    [429, { message: '请求过于频繁，请稍后再试' }, 'warning', '请求过于频繁，请稍后再试'],
    [500, {}, 'error', '服务端错误'],
    [507, { message: '存储空间不足，上传失败' }, 'error', '存储空间不足，上传失败'],
    [507, {}, 'error', '存储空间不足'],
  ])('%d → %s toast', async (status, body, kind, message) => {
    answer(status, { code: status, ...body });
    await expect(http.get('http://127.0.0.1/api/x')).rejects.toMatchObject({ status, shown: true });
    expect(last()).toMatchObject({ kind, message });
  });

  it('other statuses and quiet calls show no toast but still reject', async () => {
    answer(400, { code: 400, message: '参数错误' });
    await expect(http.get('http://127.0.0.1/api/x')).rejects.toMatchObject({
      status: 400,
      shown: false,
      message: '参数错误',
    });
    answer(500, { code: 500, message: 'x' });
    await expect(http.get('http://127.0.0.1/api/x', { quiet: true })).rejects.toMatchObject({ shown: false });
    expect($toasts.get()).toHaveLength(0);
  });
});

describe('an article save', () => {
  it('waits 60 s, not the 10 s of other calls: it renders the body before it answers', async () => {
    const waits = vi.spyOn(AbortSignal, 'timeout');
    try {
      answer(200, { code: 0, message: '成功', result: { id: 1, version: 1 } });
      await http.get('http://127.0.0.1/api/x');
      await addArticle({ article_title: '标题', article_content: '正文' }, 'key-1', { quiet: true });
      await updateArticle({ id: 1, article_title: '标题', article_content: '正文' }, { quiet: true });
      expect(waits.mock.calls.map(([ms]) => ms)).toEqual([10_000, 60_000, 60_000]);
    } finally {
      waits.mockRestore();
    }
  });

  it('refused for its body is told apart from other refusals (the editor offers 以纯文本保存)', () => {
    const refused = (message: string) => new HttpError(message, 200, 100, false);
    const slow = refused(renderRefusal(5000, { line: 3, chars: 192_000 }));
    expect(isRenderRefused(slow)).toBe(true);
    expect(isRenderRefused(refused(renderRefusal(5000, null, true)))).toBe(true);
    expect(isStaleSave(slow)).toBe(false);
    expect(isRenderRefused(refused('文章已在别处（可能是另一个标签页）保存了新版本'))).toBe(false);
    expect(isRenderRefused(new HttpError(slow.message, 500, 500, false))).toBe(false);
  });
});
