import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import BackupsScreen from '../../src/admin/features/backups/BackupsScreen.tsx';
import ImportScreen from '../../src/admin/features/import/ImportScreen.tsx';

/**
 * A backup and the site archive hold every account's password hash and two-factor secret: the
 * console's screens that hand them out say, before the button, that the file is kept like a password.
 */
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the files that hold the two-factor secrets say how to keep them', () => {
  it('备份: keep the backup like a password, it holds the two-factor secrets', () => {
    const page = text(renderToStaticMarkup(createElement(BackupsScreen)));
    expect(page).toContain('请像保管密码一样保管备份文件。');
    expect(page).toContain('两步验证密钥：拿到它的人能为开启了两步验证的账号算出验证码');
    expect(page.indexOf('请像保管密码一样保管备份文件')).toBeLessThan(page.indexOf('数据目录占用'));
  });

  it('导出: the site archive says the same', () => {
    const page = text(renderToStaticMarkup(createElement(ImportScreen)));
    expect(page).toContain('请像保管密码一样保管归档文件。');
    expect(page).toContain('两步验证密钥');
    expect(page.indexOf('请像保管密码一样保管归档文件')).toBeLessThan(page.indexOf('下载全站归档'));
  });
});
