import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { encodePng } from '../../src/server/services/music/png.ts';
import { runCli } from '../api/processes.ts';
import { adminToken, call, eventually, freshIp, login, newUser, node, proxy } from './client.ts';

/**
 * What one process writes or signs, the other serves. Process 1 and 2
 * are addressed directly where that makes the check certain, and through nginx where a failure would
 * show (half the requests on the other process).
 */
const status = async (base: string, url: string) => (await fetch(base + url)).status;

describe('one site across two processes', () => {
  it('an article made private on process 1 is gone from process 2 on its next page view', async () => {
    const admin = await adminToken(node(0));
    const add = await call(
      node(0),
      'POST',
      '/api/article/add',
      { article_title: `集群文章 ${Date.now()}`, article_content: '正文' },
      { token: admin },
    );
    expect(add.json.code).toBe(0);
    const url = `/article?id=${add.json.result.id}`;
    // Rendered and cached by process 2 (a second view is answered from its page cache).
    expect(await status(node(1), url)).toBe(200);
    expect(await status(node(1), url)).toBe(200);
    const hide = await call(
      node(0),
      'PUT',
      '/api/article/update',
      { id: add.json.result.id, status: 2 },
      { token: admin },
    );
    expect(hide.json.code).toBe(0);
    // The invalidation travels over Redis: allowed a moment, never the cache's half hour.
    expect(
      await eventually(
        () => status(node(1), url),
        (s) => s === 404,
      ),
    ).toBe(404);
    // Through nginx every view agrees (a process that kept the page would answer 200 in turn).
    for (let i = 0; i < 6; i++) expect(await status(proxy(), url)).toBe(404);
  });

  it('a token signed by process 1 is accepted by process 2 and on every request through the proxy', async () => {
    const user = await newUser(node(0));
    const me = { token: user.token, ip: user.ip };
    expect((await call(node(1), 'GET', '/api/user/getOwnStatistic', undefined, me)).json.code).toBe(0);
    for (let i = 0; i < 6; i++) {
      const res = await call(proxy(), 'GET', '/api/user/getOwnStatistic', undefined, me);
      expect(res.status).toBe(200);
      expect(res.json.code).toBe(0);
    }
  });

  it('a file uploaded through process 1 is served by process 2, from the shared UPLOADS_DIR', async () => {
    const user = await newUser(node(0));
    const png = Buffer.from(encodePng(3, 2, (x) => [x * 80, 20, 200]));
    const form = new FormData();
    form.append('file', new File([png], 'a.png', { type: 'image/png' }));
    const up = await call(node(0), 'POST', '/api/upload/img', form, { token: user.token, ip: user.ip });
    expect(up.json.code).toBe(0);
    const url = up.json.result.url as string;
    expect(url).toMatch(/^\/uploads\//);
    const served = await fetch(node(1) + url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(
      readFileSync(path.join(inject('cluster').uploadsDir, url.replace(/^\/uploads\//, ''))).equals(png),
    ).toBe(true);
  });

  it('the demo pictures drawn by the first start are in UPLOADS_DIR and served by both', async () => {
    const demo = readdirSync(path.join(inject('cluster').uploadsDir, 'demo'), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((e) => e.isFile())
      .map((e) => path.relative(inject('cluster').uploadsDir, path.join(e.parentPath, e.name)));
    expect(demo.length).toBeGreaterThan(0);
    for (const file of demo.slice(0, 3))
      for (const base of [node(0), node(1)])
        expect(await status(base, `/uploads/${file}`), `${base} ${file}`).toBe(200);
  });

  it('the login limit holds across both: failures spread over the two processes reach 429 at 5', async () => {
    const user = await newUser(node(0));
    const ip = freshIp();
    // 5 failures per username and address in 10 minutes (src/server/api/users.ts), counted once for the site.
    for (let i = 0; i < 5; i++) {
      const res = await login(node(i % 2), user.username, `wrong${i}pass`, ip);
      expect(res.status, `failure ${i + 1}`).toBe(200);
      expect(res.json.code).toBe(100);
    }
    for (const base of [node(0), node(1)]) {
      const blocked = await login(base, user.username, 'Passw0rd!', ip);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it("the site's visit counter counts a visitor once a day across both processes", async () => {
    const visitor = { ip: freshIp(), headers: { 'user-agent': 'Mozilla/5.0 cluster-visitor' } };
    const visit = async (base: string, who = visitor) =>
      (await call(base, 'PUT', '/api/config/addView', undefined, who)).json.result.view_time as number;
    const first = await visit(node(0));
    for (let i = 0; i < 6; i++) expect(await visit(node(i % 2))).toBe(first);
    // Another visitor, on the other process, counts (other tests' visitors may count meanwhile).
    expect(await visit(node(1), { ...visitor, ip: freshIp() })).toBeGreaterThan(first);
  });

  it('an article the CLI imports is on the home page of both processes within seconds', async () => {
    const pages = [node(0), node(1)].map((base) => `${base}/home`);
    const home = async (url: string) => {
      const res = await fetch(url);
      return { cache: res.headers.get('x-page-cache'), body: await res.text() };
    };
    // Cached on both (a second view is a hit).
    for (const url of pages) await home(url);
    for (const url of pages) expect((await home(url)).cache, url).toBe('hit');
    const folder = mkdtempSync(path.join(tmpdir(), 'blog-cluster-md-'));
    const title = `命令行置顶文章 ${Date.now()}`;
    writeFileSync(
      path.join(folder, 'cli-top.md'),
      `---\ntitle: ${title}\nstatus: public\ntop: true\n---\n\n正文\n`,
    );
    try {
      const run = await runCli(['import', folder], {
        DATABASE_URL: inject('cluster').databaseUrl,
        DATA_DIR: folder,
      });
      expect(run.code, run.err).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // Each process reads the CLI's mark every 5 seconds (src/server/page-sync.ts).
    for (const url of pages) {
      const seen = await eventually(
        () => home(url),
        (h) => h.body.includes(title),
        10_000,
      );
      expect(seen.body, url).toContain(title);
    }
  });
});
