import { describe, expect, it } from 'vitest';
import type { SiteProfile } from '../../src/lib/contract/site.ts';
import { checkProfile, checkProfileField, PROFILE_FIELDS } from '../../src/lib/site-profile.ts';

const field = (key: keyof SiteProfile) => {
  const f = PROFILE_FIELDS.find((x) => x.key === key);
  if (!f) throw new Error(key);
  return f;
};

describe('the site profile form of the console', () => {
  it('covers every editable field of the config once', () => {
    const keys = PROFILE_FIELDS.map((f) => f.key).sort();
    expect(keys).toEqual(
      [
        'admin_url',
        'ali_pay',
        'avatar_bg',
        'bilibili_link',
        'blog_avatar',
        'blog_name',
        'blog_notice',
        'git_ee_link',
        'github_link',
        'icp_number',
        'personal_say',
        'qq_group',
        'qq_link',
        'seo_description',
        'seo_keywords',
        'seo_title_suffix',
        'we_chat_group',
        'we_chat_link',
        'we_chat_pay',
      ].sort(),
    );
  });

  it('says in Chinese what is wrong, like the server', () => {
    expect(checkProfileField(field('blog_name'), '  ')).toBe('请填写博客名称');
    expect(checkProfileField(field('blog_name'), 'x'.repeat(51))).toBe('博客名称不能超过 50 个字');
    expect(checkProfileField(field('personal_say'), 'x'.repeat(201))).toBe('个性签名不能超过 200 个字');
    expect(checkProfileField(field('github_link'), 'javascript:alert(1)')).toBe(
      '请填写以 http://、https:// 或 / 开头的地址',
    );
    for (const elsewhere of ['//evil.example/a.png', '/\\evil.example/a.png'])
      expect(checkProfileField(field('blog_avatar'), elsewhere)).toBe(
        '请填写以 http://、https:// 或 / 开头的地址',
      );
    expect(checkProfileField(field('blog_avatar'), '/uploads/a.png')).toBe('');
    expect(checkProfileField(field('github_link'), 'https://github.com/x')).toBe('');
    expect(checkProfileField(field('github_link'), '')).toBe('');
  });

  it('lists every broken rule of a form', () => {
    const form = Object.fromEntries(PROFILE_FIELDS.map((f) => [f.key, ''])) as SiteProfile;
    expect(checkProfile(form)).toEqual({ blog_name: '请填写博客名称' });
    expect(checkProfile({ ...form, blog_name: '博客', qq_link: 'qq' })).toEqual({
      qq_link: '请填写以 http://、https:// 或 / 开头的地址',
    });
  });
});
