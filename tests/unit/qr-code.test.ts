import jsQR from 'jsqr';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import QrCode from '../../src/islands/user/two-factor/QrCode.tsx';

/**
 * The 2FA setup's QR code is drawn in the browser as one SVG path: read back as a picture,
 * it must decode to the otpauth:// address an authenticator app needs.
 */
function decode(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const scale = 4;
  const px = size * scale;
  const rgba = new Uint8ClampedArray(px * px * 4).fill(255);
  const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? '';
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * px + Number(x) * scale + dx) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
  return jsQR(rgba, px, px)?.data ?? null;
}

describe('QrCode', () => {
  it('draws a code that reads back as the otpauth address', () => {
    const text =
      'otpauth://totp/%E5%B0%8F%E7%AB%99:admin?issuer=%E5%B0%8F%E7%AB%99&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
    const svg = renderToStaticMarkup(createElement(QrCode, { text, label: '两步验证二维码' }));
    expect(svg).toContain('aria-label="两步验证二维码"');
    expect(decode(svg)).toBe(text);
  });
});
