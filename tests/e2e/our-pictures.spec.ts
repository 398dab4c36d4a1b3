import { admin, createUser } from './accounts.ts';
import { postAs, query, unique } from './community.ts';
import { expect, test } from './fixtures.ts';
import { randomPng } from './png.ts';

/**
 * Friend-link avatars and resource icons that are ours (uploads) are `<picture>`s of their variants, as
 * every other uploaded picture a visitor sees (docs/architecture.md#image-variants); another site's stay
 * plain `<img>`s.
 */

const auth = () => ({ Authorization: `Bearer ${admin().token}` });

test('an uploaded friend-link avatar and resource icon are served as AVIF and WebP variants', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const up = await request.post('/api/upload/img', {
    headers: auth(),
    multipart: { file: { name: 'avatar.png', mimeType: 'image/png', buffer: randomPng(120, 120) } },
  });
  const url = (await up.json()).result.url as string;
  // The server's queue makes the variants.
  await expect
    .poll(() => query<{ status: string }>('SELECT status FROM upload WHERE url = ?', url)[0]?.status, {
      timeout: 30_000,
    })
    .toBe('done');
  const stem = url.replace(/\.png$/, '');

  const site = unique('我们的头像');
  const user = await createUser();
  await postAs(request, user, '/api/links/add', {
    site_name: site,
    site_desc: '头像是上传的',
    site_avatar: url,
    url: `https://${unique('o')}.example/`,
  });
  const [{ id: linkId }] = query<{ id: number }>('SELECT id FROM link WHERE site_name = ?', site);
  const name = unique('图标资源');
  let resourceId = 0;
  try {
    await request.put('/api/links/approve', { headers: auth(), data: { idList: [linkId] } });
    const made = await request.post('/api/resources/addOrUpdate', {
      headers: auth(),
      data: { kind: 'front', category: '图标测试', name, url: 'https://tool.example/', icon: url },
    });
    resourceId = (await made.json()).result.id;

    await page.goto('/link/list');
    const link = page.locator('a[data-link-id]').filter({ hasText: site });
    await expect(link.locator('picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `${stem}-120.avif 120w`,
    );
    await expect(link.locator('picture source[type="image/webp"]')).toHaveAttribute('sizes', '64px');
    await link.scrollIntoViewIfNeeded();
    await expect
      .poll(() => link.locator('img').evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/-120\.(avif|webp)$/);

    await page.goto('/resources/front');
    const card = page.locator('a.link').filter({ hasText: name });
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `${stem}-120.avif 120w`,
    );
    await expect(card.locator('img')).toHaveAttribute('width', '120');
  } finally {
    await request.put('/api/links/delete', { headers: auth(), data: { idList: [linkId] } });
    if (resourceId)
      await request.put('/api/resources/delete', { headers: auth(), data: { idList: [resourceId] } });
  }
});
