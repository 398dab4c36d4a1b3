import { describe, expect, it } from 'vitest';
import {
  excerpt,
  isBgColor,
  isHexColor,
  isHttpUrl,
  isImageUrl,
  isUploadPath,
  linkApplyError,
  mergeById,
  messageStyle,
  progressPercent,
  styleText,
  textOn,
} from '../../src/lib/community.ts';
import { contrastRatio, parseHex } from '../../src/lib/contrast.ts';
import { keyAction, stepIndex, swipeStep } from '../../src/lib/lightbox.ts';

describe('guestbook style values', () => {
  it('accepts hex colors only', () => {
    expect(isHexColor('#fff')).toBe(true);
    expect(isHexColor('#A1b2C3')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(isHexColor('#fff;background:url(x)')).toBe(false);
    expect(isBgColor('')).toBe(true);
    expect(isBgColor('transparent')).toBe(true);
    expect(isBgColor('url(x)')).toBe(false);
  });

  it('accepts our upload paths, refuses traversal and other hosts', () => {
    expect(isUploadPath('/uploads/demo/message-bg-5.svg')).toBe(true);
    expect(isUploadPath('/uploads/2026/11/a_b-c.webp')).toBe(true);
    expect(isUploadPath('/uploads/../secrets/jwt.key')).toBe(false);
    expect(isUploadPath('//evil.example/uploads/x.png')).toBe(false);
    expect(isUploadPath('/uploads/x.png") ;background:red')).toBe(false);
    expect(isUploadPath('https://evil.example/x.png')).toBe(false);
  });

  it('builds a style that carries only checked values', () => {
    const style = messageStyle({
      color: '#b91c1c',
      font_size: 99,
      font_weight: 300,
      bg_color: '#ffe4e6',
      bg_url: '/uploads/demo/message-bg-5.svg',
    });
    expect(style).toMatchObject({
      color: '#b91c1c',
      fontSize: '36px',
      fontWeight: '400',
      backgroundColor: '#ffe4e6',
      backgroundImage: 'url("/uploads/demo/message-bg-5.svg")',
    });
    const hostile = messageStyle({
      color: 'red;position:fixed',
      font_size: 16,
      font_weight: 700,
      bg_color: 'url(javascript:x)',
      bg_url: 'https://evil.example/x.png',
    });
    expect(hostile).toEqual({ fontSize: '16px', fontWeight: '700' });
    expect(styleText({ fontSize: '16px', backgroundColor: '#fff' })).toBe(
      'font-size:16px;background-color:#fff',
    );
  });

  it('gives a chosen color one readable variant per theme on the theme card', () => {
    const style = messageStyle({
      color: '#676767',
      font_size: 16,
      font_weight: 400,
      bg_color: '',
      bg_url: '',
    });
    expect(style.color).toBeUndefined();
    const dark = parseHex(style['--msg-c-dark']);
    const light = parseHex(style['--msg-c']);
    expect(dark && contrastRatio(dark, [0x23, 0x28, 0x35])).toBeGreaterThanOrEqual(4.5);
    expect(light && contrastRatio(light, [0xee, 0xf1, 0xf7])).toBeGreaterThanOrEqual(4.5);
    expect(style['--msg-c']).toBe('#676767');
  });

  it('picks readable text for a background when no color was chosen', () => {
    expect(textOn('#fef3c7')).toBe('#1f2937');
    expect(textOn('#1e293b')).toBe('#f8fafc');
    expect(textOn('#000')).toBe('#f8fafc');
    expect(
      messageStyle({ color: '', font_size: 16, font_weight: 400, bg_color: '#1e293b', bg_url: '' }).color,
    ).toBe('#f8fafc');
  });
});

describe('links and pictures', () => {
  it('recognizes http(s) addresses', () => {
    expect(isHttpUrl('https://example.com/a')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isImageUrl('/uploads/a.png')).toBe(true);
    expect(isImageUrl('data:image/png;base64,xx')).toBe(false);
  });

  it('names the first problem of a friend-link application', () => {
    const ok = {
      site_name: '小站',
      site_desc: '博客',
      site_avatar: 'https://a.example/x.png',
      url: 'https://a.example',
    };
    expect(linkApplyError(ok)).toBeNull();
    expect(linkApplyError({ ...ok, site_name: ' ' })).toBe('请输入网站名称');
    expect(linkApplyError({ ...ok, site_name: '名'.repeat(31) })).toBe('网站名称不能超过30个字');
    expect(linkApplyError({ ...ok, url: '' })).toBe('请输入网站地址');
    expect(linkApplyError({ ...ok, url: 'a.example' })).toBe('网站地址应以 http:// 或 https:// 开头');
    // The avatar is optional; one given must be an image address.
    expect(linkApplyError({ ...ok, site_avatar: '' })).toBeNull();
    expect(linkApplyError({ ...ok, site_avatar: '  ' })).toBeNull();
    expect(linkApplyError({ ...ok, site_avatar: 'javascript:1' })).toBe('网站头像应为 http(s) 图片地址');
  });
});

describe('lists and numbers', () => {
  it('merges pages by id, later copies winning, positions kept', () => {
    const a = [
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
    ];
    const b = [
      { id: 2, v: 'B' },
      { id: 3, v: 'c' },
    ];
    expect(mergeById(a, b)).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'B' },
      { id: 3, v: 'c' },
    ]);
  });

  it('rounds episode progress to whole percent within 0–100', () => {
    expect(progressPercent(17, 28)).toBe(61);
    expect(progressPercent(0, 24)).toBe(0);
    expect(progressPercent(26, 26)).toBe(100);
    expect(progressPercent(30, 26)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });

  it('makes one-line excerpts', () => {
    expect(excerpt('  多行\n文本  ')).toBe('多行 文本');
    expect(excerpt('一二三四五六', 4)).toBe('一二三四…');
  });
});

describe('lightbox rules', () => {
  it('steps through a gallery, wrapping at both ends', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(5, 0, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('reads swipes: left is next, right is previous, short or vertical is nothing', () => {
    expect(swipeStep(-80, 5)).toBe(1);
    expect(swipeStep(80, -5)).toBe(-1);
    expect(swipeStep(-20, 0)).toBe(0);
    expect(swipeStep(-60, 120)).toBe(0);
  });

  it('maps keys', () => {
    expect(keyAction('ArrowLeft')).toBe('prev');
    expect(keyAction('ArrowRight')).toBe('next');
    expect(keyAction('Escape')).toBe('close');
    expect(keyAction('a')).toBeNull();
  });

  it('keeps a chosen text color but moves it to 4.5:1 on a chosen background', () => {
    const look = { color: '#ffffff', font_size: 16, font_weight: 400, bg_color: '#6366f1', bg_url: '' };
    const fixed = messageStyle(look).color;
    expect(fixed).not.toBe('#ffffff');
    const rgb = (h: string) => parseHex(h) as [number, number, number];
    expect(contrastRatio(rgb(fixed), rgb('#6366f1'))).toBeGreaterThanOrEqual(4.5);
    // Readable pairs are left alone.
    expect(messageStyle({ ...look, color: '#111111', bg_color: '#fef3c7' }).color).toBe('#111111');
  });
});
