import { describe, expect, it } from 'vitest';
import { markdownImage, thumbUrl, uploadStem, uploadStemsIn } from '../../src/lib/media-library.ts';

const url = '/uploads/2026-11/0123456789abcdef0123456789abcdef.jpg';
const stem = '/uploads/2026-11/0123456789abcdef0123456789abcdef';

describe('where an upload appears', () => {
  it('knows an original and its variants by one stem', () => {
    expect(uploadStem(url)).toBe(stem);
    expect(uploadStem(`${stem}-480.avif`)).toBe(stem);
    expect(uploadStem(`${stem}-1600.webp`)).toBe(stem);
    // A file that only looks like a variant by its width but not its format is its own upload.
    expect(uploadStem('/uploads/2026-11/photo-480.jpg')).toBe('/uploads/2026-11/photo-480');
  });

  it('finds the uploads a text names, in Markdown, HTML and absolute addresses', () => {
    const text = `![a](${url}) <img src="${stem}-960.webp"> https://blog.example/uploads/2026-10/x.png. 终`;
    expect([...uploadStemsIn(text)]).toEqual([stem, '/uploads/2026-10/x']);
    expect(uploadStemsIn('没有图片').size).toBe(0);
  });
});

describe('the grid and the copy', () => {
  it('shows the smallest variant once made, else the original', () => {
    expect(thumbUrl(url, [480, 960, 1600])).toBe(`${stem}-480.webp`);
    expect(thumbUrl(url, [300])).toBe(`${stem}-300.webp`);
    expect(thumbUrl(url, [])).toBe(url);
  });

  it('copies Markdown whose alt text cannot break out', () => {
    expect(markdownImage('海边.JPG', url)).toBe(`![海边](${url})`);
    expect(markdownImage('a]b[c\nd.png', url)).toBe(`![a b c d](${url})`);
  });
});
