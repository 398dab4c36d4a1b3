import { describe, expect, it } from 'vitest';
import { bodyImageUrls, withBodyPictures } from '../../src/lib/body-pictures.ts';

const facts = new Map([
  [
    '/uploads/2026-11/a.jpg',
    { width: 2560, height: 1920, widths: [480, 960, 1600], placeholder: 'data:image/webp;base64,QQ' },
  ],
  ['/uploads/2026-11/b.png', { width: 300, height: 200, widths: [], placeholder: '' }],
]);

const body =
  '<p><img src="/uploads/2026-11/a.jpg" alt="猫" loading="lazy" decoding="async" data-pending=""></p>' +
  '<img src="/uploads/2026-11/b.png" width="120" loading="lazy">' +
  '<img src="https://x.test/c.jpg" alt="">';

describe('bodyImageUrls', () => {
  it('lists the uploads the body names, once each', () => {
    expect(bodyImageUrls(body + body)).toEqual(['/uploads/2026-11/a.jpg', '/uploads/2026-11/b.png']);
  });
});

describe('withBodyPictures', () => {
  const out = withBodyPictures(body, facts);
  it('makes a known upload with variants a sized <picture> with AVIF and WebP sources', () => {
    expect(out).toContain(
      '<p><picture><source type="image/avif" srcset="/uploads/2026-11/a-480.avif 480w, /uploads/2026-11/a-960.avif 960w, /uploads/2026-11/a-1600.avif 1600w" sizes="(max-width: 900px) 100vw, 860px">',
    );
    expect(out).toContain('<source type="image/webp" srcset="/uploads/2026-11/a-480.webp 480w');
    expect(out).toContain(
      '<img src="/uploads/2026-11/a.jpg" alt="猫" loading="lazy" decoding="async" data-pending="" width="2560" height="1920" style="background:url(&quot;data:image/webp;base64,QQ&quot;) center/cover no-repeat"></picture></p>',
    );
  });
  it('keeps a size the writer gave, and an upload without variants a plain <img>', () => {
    expect(out).toContain('<img src="/uploads/2026-11/b.png" width="120" loading="lazy">');
    expect(out).not.toContain('b-480');
  });
  it('leaves outside pictures and bodies without known uploads as they are', () => {
    expect(out).toContain('<img src="https://x.test/c.jpg" alt="">');
    expect(withBodyPictures(body, new Map())).toBe(body);
  });
});
