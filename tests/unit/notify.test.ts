import { describe, expect, it } from 'vitest';
import { badgeText } from '../../src/lib/badge.ts';
import { isHtmlContent, markupToText, notifyTarget, sanitizeMarkup } from '../../src/lib/notify.ts';

describe('sanitizeMarkup', () => {
  it('keeps the tiny safe set without attributes', () => {
    expect(sanitizeMarkup('<b>小明</b> 回复了你：<em>好</em><br/>再见')).toBe(
      '<b>小明</b> 回复了你：<em>好</em><br>再见',
    );
    expect(sanitizeMarkup('<B>大写</B>')).toBe('<b>大写</b>');
  });

  it('turns every other tag, attribute or bracket into text', () => {
    expect(sanitizeMarkup('<b class="x">甲</b>')).toBe('&lt;b class=&quot;x&quot;&gt;甲');
    expect(sanitizeMarkup('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(sanitizeMarkup('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeMarkup('<!-- x -->')).toBe('&lt;!-- x --&gt;');
    expect(sanitizeMarkup('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    expect(sanitizeMarkup('<svg/onload=alert(1)>')).toBe('&lt;svg/onload=alert(1)&gt;');
  });

  it('keeps entities, escapes bare ampersands', () => {
    expect(sanitizeMarkup('&lt;i&gt; &amp; &#39; &#x4e2d; & 其他')).toBe(
      '&lt;i&gt; &amp; &#39; &#x4e2d; &amp; 其他',
    );
  });

  it('balances tags: stray closers dropped, open ones closed', () => {
    expect(sanitizeMarkup('</b>文<b>粗')).toBe('文<b>粗</b>');
    expect(sanitizeMarkup('<b><i>x</b>y</i>')).toBe('<b><i>x</i></b>y');
    expect(sanitizeMarkup('<b/>x')).toBe('x');
  });
});

describe('isHtmlContent', () => {
  it('is true for tag-like markup without the listed words', () => {
    expect(isHtmlContent('<b>小明</b> 评论了你的文章')).toBe(true);
    expect(isHtmlContent('<br>')).toBe(true);
  });

  it('is false without markup', () => {
    expect(isHtmlContent('纯文本 1 < 2')).toBe(false);
    expect(isHtmlContent('&lt;b&gt;')).toBe(false);
  });

  it('is false when any listed word appears, in any case', () => {
    for (const word of [
      'script',
      'alert',
      'window',
      'prompt',
      'location',
      'href',
      'iframe',
      'onload',
      'onerror',
    ])
      expect(isHtmlContent(`<b>甲</b> ${word.toUpperCase()}`)).toBe(false);
    expect(isHtmlContent('<b>看看 window 对象</b>')).toBe(false);
  });
});

describe('markupToText', () => {
  it('drops tags and decodes entities', () => {
    expect(markupToText('<b>小明</b> 说：&lt;script&gt; &amp; &#20013;&#x6587; &quot;x&quot;')).toBe(
      '小明 说：<script> & 中文 "x"',
    );
    expect(markupToText('&bogus; &#0;')).toBe('&bogus; &#0;');
  });
});

describe('badgeText', () => {
  it('counts up to 9+, nothing at zero', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('notifyTarget', () => {
  it('leads by type, all in the same tab', () => {
    expect(notifyTarget(1, 7)).toEqual({ href: '/article?id=7' });
    expect(notifyTarget(2, 3)).toEqual({ href: '/talk?id=3' });
    expect(notifyTarget(3, 9)).toEqual({ href: '/message/list' });
    // About the reader's own account (its sign-in security): the personal center.
    expect(notifyTarget(5, 12)).toEqual({ href: '/userCenter' });
    // A friend-link application leads to the site's admin_url, the owner console.
    expect(notifyTarget(4, 1, '/admin')).toEqual({ href: '/admin' });
    expect(notifyTarget(4, 1, 'https://admin.example/links')).toEqual({
      href: 'https://admin.example/links',
    });
  });

  it('sends a friend-link application to the review list of /link/list without a usable admin_url', () => {
    expect(notifyTarget(4, 1)).toEqual({ href: '/link/list' });
    // A reader who is not an admin (an applicant told of the review) goes to the links page.
    expect(notifyTarget(4, 1, '/admin', false)).toEqual({ href: '/link/list' });
    expect(notifyTarget(4, 1, 'https://admin.example/links', false)).toEqual({ href: '/link/list' });
    for (const bad of ['', '  ', 'javascript:alert(1)', '//evil.example', '/\\evil.example', 'admin', '/a b'])
      expect(notifyTarget(4, 1, bad), bad).toEqual({ href: '/link/list' });
  });

  it('has nowhere to go for an unknown type', () => {
    expect(notifyTarget(6, 1)).toBeNull();
  });
});
