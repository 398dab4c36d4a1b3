/**
 * A page of talks carries its pictures' stored facts, so talks a reader loads later ("load more") get
 * their variants as the server-rendered first page does (docs/architecture.md#image-variants).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageQueue } from '../../src/server/services/images/queue.ts';
import { jobParts, setupTestApi } from './helpers.ts';

const api = setupTestApi();

describe('blogGetTalkList', () => {
  it('answers the facts of its uploaded pictures, by URL', async () => {
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('file', new File([new Uint8Array(png)], 'talk.png', { type: 'image/png' }));
    const url = (await api.call('POST', '/api/upload/img', fd, api.adminToken)).json.result.url;
    await createImageQueue(jobParts()).runOnce();
    const outside = 'https://pic.example/a.png';
    const published = await api.call(
      'POST',
      '/api/talk/publishTalk',
      { content: '带图的说说', talkImgList: [url, outside], is_top: 2, status: 1 },
      api.adminToken,
    );
    expect(published.json.code).toBe(0);
    const page = (await api.call('POST', '/api/talk/blogGetTalkList', { current: 1, size: 10 })).json.result;
    expect(page.list[0].talkImgList).toEqual([url, outside]);
    expect(page.pictures).toEqual({
      [url]: {
        width: 700,
        height: 500,
        widths: [480, 700],
        placeholder: expect.stringMatching(/^data:image\/webp/),
      },
    });
  }, 60_000);
});
