import { expect, test } from './fixtures.ts';

test('every kind of response carries the security headers', async ({ request }) => {
  const html = await (await request.get('/home')).text();
  const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] as string;
  for (const url of ['/home', '/api/config', '/api/nope', '/no/such/page', '/favicon.svg', asset]) {
    const res = await request.get(url);
    const h = res.headers();
    expect(h['content-security-policy'], url).toBeTruthy();
    expect(h['x-content-type-options'], url).toBe('nosniff');
    expect(h['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security'], url).toBeUndefined();
    expect(h['cross-origin-opener-policy'], url).toBe('same-origin');
  }
  // Cached pages (a miss then a hit) say their charset.
  for (const res of [await request.get('/tag'), await request.get('/tag')])
    expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');
  const csp = (await request.get('/home')).headers()['content-security-policy'];
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  // WebSockets only to the site itself, not to any host.
  const connectSrc = /connect-src ([^;]+)/.exec(csp)?.[1] ?? '';
  const own = new URL(process.env.E2E_URL as string).host;
  expect(connectSrc.split(' ')).not.toContain('ws:');
  expect(connectSrc.split(' ')).not.toContain('wss:');
  expect(connectSrc).toContain(`ws://${own}`);
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
});

test('pages run under the policy without a single violation, islands included', async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  // /article: its comments are client:interaction, our own directive (allowed by its hash too).
  for (const route of ['/home', '/talk', '/message/list', '/archives', '/article?id=3']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // The header island hydrated (its theme button works), so Astro's island scripts were allowed.
    await expect(page.locator('[data-theme-toggle]')).toBeVisible();
    violations.push(
      ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp)) ?? []),
    );
  }
  // Client-router navigation swaps in pages with the same inline scripts.
  await page.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '分类' }).click();
  await expect(page).toHaveURL(/\/category$/);
  const before = await page.locator('html').getAttribute('data-theme');
  await page.locator('[data-theme-toggle]').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', before as string);
  violations.push(...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp)) ?? []));
  expect(violations).toEqual([]);
});

test('an injected inline script is refused by the policy', async ({ page }) => {
  await page.goto('/home');
  const { ran, refused } = await page.evaluate(async () => {
    // The refusal is an event: waited for, not a time.
    const violation = new Promise<string>((r) =>
      document.addEventListener('securitypolicyviolation', (e) => r(e.effectiveDirective), { once: true }),
    );
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    // An inline script inserted into the page runs (or is refused) as it is inserted.
    document.body.append(s);
    const ran = (window as unknown as { __injected?: boolean }).__injected === true;
    return { ran, refused: await violation };
  });
  expect(ran).toBe(false);
  expect(refused).toMatch(/^script-src/);
});
