import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadWithProgress } from '../../src/admin/kit/upload.ts';
import '../../src/stores/api.ts';
import { $toasts } from '../../src/stores/toast.ts';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** XMLHttpRequest answering each send with the next reply. */
function replies(list: Reply[]) {
  const sent: number[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    timeout = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private headers: Record<string, string> = {};
    open() {}
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return this.headers[name] ?? null;
    }
    send() {
      const r = list.shift();
      if (!r) throw new Error('no reply left');
      sent.push(r.status);
      queueMicrotask(() => {
        this.status = r.status;
        this.responseText = JSON.stringify(r.body);
        this.headers = r.headers ?? {};
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
const OK: Reply = {
  status: 200,
  body: { code: 0, message: '上传成功', result: { url: '/uploads/2026-11/a.png' } },
};
const BUSY: Reply = {
  status: 429,
  body: { code: 429, message: '上传过于频繁，请稍后再试', result: null },
  headers: { 'Retry-After': '2' },
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

describe('the console upload of one file of a batch', () => {
  it('waits out the upload rate limit (429 with Retry-After) and sends the file again', async () => {
    vi.useFakeTimers();
    const sent = replies([BUSY, OK]);
    const onWait = vi.fn();
    const url = uploadWithProgress(png(), () => {}, 1920, { onWait });
    await vi.advanceTimersByTimeAsync(1999);
    expect(onWait).toHaveBeenCalledWith(2);
    expect(sent).toEqual([429]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(url).resolves.toBe('/uploads/2026-11/a.png');
    expect(sent).toEqual([429, 200]);
    expect($toasts.get()).toHaveLength(0);
  });

  it("rejects with the server's own message for a refused file, without a toast", async () => {
    replies([
      { status: 200, body: { code: 100, message: '只能上传 JPG、PNG、WEBP、GIF 格式的图片', result: null } },
    ]);
    await expect(uploadWithProgress(png(), () => {}, 1920, { onWait: () => {} })).rejects.toThrow(
      '只能上传 JPG、PNG、WEBP、GIF 格式的图片',
    );
    expect($toasts.get()).toHaveLength(0);
  });

  it('a full disk (507) fails every file of a batch with its toast: the blogger must free space', async () => {
    const FULL: Reply = { status: 507, body: { code: 507, message: '存储空间不足，上传失败' } };
    replies([FULL, FULL]);
    for (let i = 0; i < 2; i++)
      await expect(uploadWithProgress(png(), () => {}, 1920, { onWait: () => {} })).rejects.toThrow(
        '存储空间不足，上传失败',
      );
    // One toast (the same text twice counts ×2), titled as every error.
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ kind: 'error', message: '存储空间不足，上传失败', count: 2 });
  });

  it('a single upload (no batch) fails on 429 with its toast, as every call does', async () => {
    const sent = replies([BUSY, OK]);
    await expect(uploadWithProgress(png(), () => {})).rejects.toThrow('上传过于频繁，请稍后再试');
    expect(sent).toEqual([429]);
    expect($toasts.get().at(-1)?.message).toBe('上传过于频繁，请稍后再试');
  });
});

describe('the console sends originals (docs/architecture.md#image-variants)', () => {
  it('sends a 6 MB photo as it is, uncompressed, and refuses one over 20 MB', async () => {
    const sent = replies([OK]);
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'IMG_1.JPG', { type: 'image/jpeg' });
    await expect(uploadWithProgress(big, () => {}, undefined, { onWait: () => {} })).resolves.toBe(
      '/uploads/2026-11/a.png',
    );
    expect(sent).toEqual([200]);
    const huge = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'a.gif', { type: 'image/gif' });
    await expect(uploadWithProgress(huge, () => {}, undefined, { onWait: () => {} })).rejects.toThrow(
      '图片大小不能超过 20MB',
    );
    expect(sent).toEqual([200]);
  });
});
