import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadMusic } from '../../src/lib/api/admin/music.ts';
import '../../src/stores/api.ts';
import { $toasts } from '../../src/stores/toast.ts';

/** The console's music upload: the same progress and refusals as the image upload, its own route and fields. */

type Sent = { url: string; form: FormData };

function answer(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  class FakeXhr {
    upload = { onprogress: null };
    status = 0;
    responseText = '';
    timeout = 0;
    onload: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      queueMicrotask(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const wav = () => new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], '歌.wav', { type: 'audio/wav' });

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

describe('uploadMusic', () => {
  it('sends the file and its folder to /api/upload/music and resolves with its path in the library', async () => {
    const sent = answer(200, {
      code: 0,
      message: '上传成功',
      result: { file: '歌.wav', folder: '新歌', rel: '新歌/歌.wav' },
    });
    await expect(uploadMusic(wav(), '新歌', () => {}, { onWait: () => {} })).resolves.toBe('新歌/歌.wav');
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/upload/music');
    expect(sent[0].form.get('folder')).toBe('新歌');
    expect((sent[0].form.get('file') as File).name).toBe('歌.wav');
  });

  it("rejects with the server's message for a refused file of a batch, without a toast", async () => {
    answer(200, { code: 100, message: '同名文件已存在，请先改名', result: null });
    await expect(uploadMusic(wav(), '', () => {}, { onWait: () => {} })).rejects.toThrow(
      '同名文件已存在，请先改名',
    );
    expect($toasts.get()).toHaveLength(0);
  });
});
