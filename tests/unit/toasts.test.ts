import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, raise, type Toast, toastKey } from '../../src/lib/toasts.ts';
import { $toasts, toast } from '../../src/stores/toast.ts';

const t = (id: number, message: string, key = toastKey('info', '提示', message)): Toast => ({
  id,
  kind: 'info',
  title: '提示',
  message,
  duration: 3000,
  count: 1,
  key,
});

describe('raise: repeats merge', () => {
  it('the same text again is one toast, counted, moved to the newest end with its first id', () => {
    const list = raise(raise(raise([], t(1, 'a')), t(2, 'b')), t(3, 'a'));
    expect(list.map((x) => [x.id, x.message, x.count])).toEqual([
      [2, 'b', 1],
      [1, 'a', 2],
    ]);
  });

  it('a shared key replaces the older message and restarts the count', () => {
    const list = raise([{ ...t(1, '欢迎来到本站', 'welcome'), count: 2 }], t(2, '早上好，小明', 'welcome'));
    expect(list).toEqual([{ ...t(1, '早上好，小明', 'welcome'), count: 1 }]);
  });

  it('different kinds or titles with the same message stay apart', () => {
    expect(toastKey('info', '提示', 'x')).not.toBe(toastKey('error', '提示', 'x'));
    expect(toastKey('info', '提示', 'x')).not.toBe(toastKey('info', undefined, 'x'));
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    let list: Toast[] = [];
    for (let i = 1; i <= MAX_TOASTS + 2; i++) list = raise(list, t(i, `m${i}`));
    expect(list.map((x) => x.id)).toEqual([3, 4, 5, 6, 7]);
  });
});

describe('toast(): a repeat refreshes the timer', () => {
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });

  it('a repeat within the duration keeps the toast for a full duration from the repeat', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
    const id = toast('登录过期', 'error', '错误提示');
    vi.advanceTimersByTime(2000);
    expect(toast('登录过期', 'error', '错误提示')).toBe(id);
    vi.advanceTimersByTime(2000);
    expect($toasts.get()).toMatchObject([{ id, count: 2 }]);
    vi.advanceTimersByTime(1000);
    expect($toasts.get()).toEqual([]);
    vi.unstubAllGlobals();
  });
});
