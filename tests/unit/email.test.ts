import { describe, expect, test } from 'vitest';
import { checkEmail, EMAIL_INVALID, emailKey, isEmail, typedEmail } from '../../src/lib/email.ts';

describe('the address rule (src/lib/email.ts)', () => {
  test('plain addresses pass, with the dot-atom characters and sub-domains', () => {
    for (const ok of [
      'a@b.cn',
      'Reader.Name+blog@mail.example.com',
      "o'brien@example.org",
      'x_y-z@sub-domain.example.co.uk',
      'user@xn--fiqs8s.xn--fiqz9s',
      '12345@qq.com',
    ])
      expect(isEmail(ok), ok).toBe(true);
  });

  test('two recipients, header injection, display names, spaces and malformed hosts are refused', () => {
    for (const bad of [
      'a@x.com, b@y.com',
      'a@x.com,b@y.com',
      'a@x.com;b@y.com',
      'a@x.com\r\nBcc: b@y.com',
      'a@x.com\nBcc: b@y.com',
      'a@x.com\r\n',
      'a@x.com\t',
      '名字 <a@x.com>',
      '<a@x.com>',
      '"a b"@x.com',
      'a b@x.com',
      'a@x .com',
      'a@x',
      'a@localhost',
      'a@x.c',
      'a@x.123',
      'a@@x.com',
      'a@b@x.com',
      '@x.com',
      'a@',
      'a.@x.com',
      '.a@x.com',
      'a..b@x.com',
      'a@x..com',
      'a@-x.com',
      'a@x-.com',
      'a@.x.com',
      'a@x.com.',
      'a@[127.0.0.1]',
      '张三@例子.中国',
      `${'a'.repeat(65)}@x.com`,
      `a@${'b'.repeat(64)}.com`,
      `a@${'b.'.repeat(130)}com`,
      'a@x.com\u0000',
      'a(comment)@x.com',
      '',
    ])
      expect(isEmail(bad), JSON.stringify(bad)).toBe(false);
  });

  test('the check trims the spaces around a typed address only, and says why in Chinese', () => {
    expect(checkEmail('')).toBe('');
    expect(checkEmail('  me@blog.cn\u3000')).toBe('');
    expect(typedEmail('  me@blog.cn\u3000')).toBe('me@blog.cn');
    expect(checkEmail('me@blog.cn\r\n')).toBe(EMAIL_INVALID);
    expect(checkEmail('a@x.com, b@y.com')).toBe('邮箱格式不正确');
    expect(emailKey(' Me@Blog.CN ')).toBe('me@blog.cn');
  });
});
