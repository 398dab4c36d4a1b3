import { describe, expect, test } from 'vitest';
import { socialLinks } from '../../src/lib/socials.ts';

describe('socialLinks', () => {
  test('keeps the filled, safe links in the card order, named by their service', () => {
    const links = socialLinks({
      github_link: 'https://github.com/x',
      git_ee_link: '',
      bilibili_link: 'javascript:alert(1)',
      qq_link: '/uploads/qq.png',
      we_chat_link: '',
    });
    expect(links.map((l) => [l.label, l.url])).toEqual([
      ['GitHub', 'https://github.com/x'],
      ['QQ', '/uploads/qq.png'],
    ]);
  });
});
