/**
 * Imports (docs/owner-guide.md#导入与导出): the time and peak memory of `npm run blog -- import` for a
 * generated Hexo blog of 2,000 posts with Chinese file names and its Waline export of 20,000 comments,
 * for a generated WordPress export of 2,000 posts with 20,000 comments, and of the whole-site archive
 * round trip of the demo site (export, then import into an empty site). Each is a real CLI process; its
 * resident memory is read every 50 ms. The Hexo blog and its comments are imported by this checkout and,
 * in the same run, by the commit `BENCH_BEFORE` names (default HEAD) in a temporary worktree.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { generateHexo, generateWaline } from './import-sources.ts';
import { ROOT, type Row, rssMb, save } from './lib.ts';

const POSTS = Number(process.env.BENCH_WXR_POSTS ?? 2000);
const COMMENTS_PER_POST = Number(process.env.BENCH_WXR_COMMENTS ?? 10);

const esc = (s: string) => s.replace(/]]>/g, ']]]]><![CDATA[>');

/** A WXR file like WordPress writes: posts with HTML, a code block, a table, comments in threads. */
export function generateWxr(posts: number, commentsPerPost: number): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">',
    '<channel><title>压测博客</title><link>https://bench.example.com</link>',
  ];
  for (let c = 0; c < 20; c++)
    out.push(
      `<wp:category><wp:term_id>${c + 1}</wp:term_id><wp:category_nicename>c${c}</wp:category_nicename><wp:cat_name><![CDATA[分类${c}]]></wp:cat_name></wp:category>`,
    );
  let commentId = 1;
  for (let p = 1; p <= posts; p++) {
    const body = `<p>第 ${p} 篇文章，带有“引号”和《书名》。</p>\n<pre class="brush: js">console.log(${p});</pre>\n<table><tr><th>键</th><th>值</th></tr><tr><td>a</td><td>${p}</td></tr></table>\n${'<p>正文段落，测试导入的速度与内存。</p>\n'.repeat(10)}`;
    out.push(
      `<item><title>压测文章 ${p}</title><content:encoded><![CDATA[${esc(body)}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>`,
      `<wp:post_id>${p}</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:post_name>bench-${p}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>`,
      `<category domain="category" nicename="c${p % 20}"><![CDATA[分类${p % 20}]]></category><category domain="post_tag" nicename="t${p % 50}"><![CDATA[标签${p % 50}]]></category>`,
    );
    const first = commentId;
    for (let k = 0; k < commentsPerPost; k++) {
      const parent = k % 3 === 0 ? 0 : first + k - 1;
      out.push(
        `<wp:comment><wp:comment_id>${commentId}</wp:comment_id><wp:comment_author><![CDATA[访客${commentId % 300}]]></wp:comment_author><wp:comment_author_email>g${commentId % 300}@example.com</wp:comment_author_email><wp:comment_date_gmt>2020-01-02 00:00:00</wp:comment_date_gmt><wp:comment_content><![CDATA[第 ${k + 1} 条评论！]]></wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_type>comment</wp:comment_type><wp:comment_parent>${parent}</wp:comment_parent></wp:comment>`,
      );
      commentId++;
    }
    out.push('</item>');
  }
  out.push('</channel></rss>');
  return out.join('\n');
}

/** Runs `npm run blog -- <args>` of checkout `root` on `dataDir`; its wall time, peak RSS and output's end. */
function cli(
  args: string[],
  dataDir: string,
  seed = false,
  root = ROOT,
  okCodes = [0],
): Promise<{ ms: number; peakMb: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'src/server/cli/index.ts'), ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: seed ? 'true' : 'false',
        ADMIN_PASSWORD: 'Admin12345',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out = (out + d).slice(-4000);
    });
    child.stderr.on('data', (d) => {
      out = (out + d).slice(-4000);
    });
    let peak = 0;
    const timer = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(child.pid as number));
      } catch {
        /* exited */
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      // An import exits with the number of items that failed: a figure, not a crash.
      if (!okCodes.includes(code ?? -1) && !(args[0] === 'import' && code !== null && code > 0 && code < 256))
        reject(new Error(`blog ${args.join(' ')} exited ${code}:\n${out}`));
      else resolve({ ms: performance.now() - t0, peakMb: peak, out });
    });
  });
}

/** A worktree of `ref` beside this checkout, sharing its node_modules; removed by the returned function. */
function worktree(ref: string, dir: string): { root: string; commit: string; remove: () => void } {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: ROOT }).toString().trim();
  const root = path.join(dir, `before-${commit}`);
  execFileSync('git', ['worktree', 'add', '--detach', root, commit], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(path.join(root, 'node_modules')))
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  return {
    root,
    commit,
    remove: () =>
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' }),
  };
}

/** Rows of `table` in the SQLite database of the site at `dataDir`. */
function rowsOf(dataDir: string, table: string): number {
  const database = new DatabaseSync(path.join(dataDir, 'blog.db'), { readOnly: true });
  try {
    return Number((database.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  } finally {
    database.close();
  }
}

/** The Hexo blog and its Waline comments into an empty site by the checkout at `root`. */
async function hexoAndWaline(root: string, dir: string, name: string) {
  const site = path.join(dir, name);
  await cli(['migrate'], site, false, root);
  const posts = await cli(['import', path.join(dir, 'hexo')], site, false, root);
  const comments = await cli(['import', path.join(dir, 'waline.json')], site, false, root).catch(
    (err: Error) => ({ ms: 0, peakMb: 0, out: err.message }),
  );
  return {
    posts,
    comments,
    articles: rowsOf(site, 'article'),
    replies: rowsOf(site, 'comment'),
  };
}

export async function run() {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-bench-import-'));
  const before = worktree(process.env.BENCH_BEFORE ?? 'HEAD', dir);
  try {
    const hexoPosts = generateHexo(path.join(dir, 'hexo'), POSTS);
    writeFileSync(path.join(dir, 'waline.json'), generateWaline(hexoPosts, COMMENTS_PER_POST));
    const now = await hexoAndWaline(ROOT, dir, 'hexo-site');
    const then = await hexoAndWaline(before.root, dir, 'hexo-site-before');
    const rate = (n: number, ms: number) => (ms ? `${(n / (ms / 1000)).toFixed(0)}/s` : '—');

    const wxr = path.join(dir, 'export.xml');
    writeFileSync(wxr, generateWxr(POSTS, COMMENTS_PER_POST));
    const site = path.join(dir, 'wxr-site');
    await cli(['migrate'], site);
    const imported = await cli(['import', wxr], site);
    const again = await cli(['import', wxr], site);

    const demo = path.join(dir, 'demo');
    await cli(['migrate'], demo, true);
    const archive = path.join(dir, 'site.tar.gz');
    const exported = await cli(['export', '--archive', archive], demo);
    const moved = await cli(['import', archive], path.join(dir, 'moved'));
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const rows: Row[] = [
      {
        metric: `Hexo folder, ${POSTS} posts (Chinese file names): articles created, before (${before.commit}) → now`,
        value: `${then.articles} → ${now.articles}`,
      },
      {
        metric: 'its time; posts per second; peak memory, before → now',
        value: `${s(then.posts.ms)}, ${rate(then.articles, then.posts.ms)}, ${then.posts.peakMb} MB → ${s(now.posts.ms)}, ${rate(now.articles, now.posts.ms)}, ${now.posts.peakMb} MB`,
      },
      {
        metric: `Waline export, ${POSTS * COMMENTS_PER_POST} comments: comments created, before → now`,
        value: `${then.replies} → ${now.replies}`,
      },
      {
        metric: 'its time; comments per second; peak memory (now)',
        value: `${s(now.comments.ms)}, ${rate(now.replies, now.comments.ms)}, ${now.comments.peakMb} MB`,
      },
      {
        metric: `WXR import, ${POSTS} posts and ${POSTS * COMMENTS_PER_POST} comments (SQLite)`,
        value: s(imported.ms),
      },
      { metric: 'its peak memory (RSS)', value: `${imported.peakMb} MB` },
      { metric: 'the same file again (nothing new: every item skipped)', value: s(again.ms) },
      { metric: 'demo site: export --archive', value: `${s(exported.ms)}, peak ${exported.peakMb} MB` },
      {
        metric: 'demo site: import of the archive into an empty site',
        value: `${s(moved.ms)}, peak ${moved.peakMb} MB`,
      },
    ];
    return save('import', 'Imports and the whole-site archive', rows, [
      'Each figure is a whole CLI process: start, migrations, the dry run, the run and the report.',
      'Before: the commit BENCH_BEFORE names, checked out beside this one and run in the same benchmark on the same files (a source it cannot read counts 0).',
    ]);
  } finally {
    before.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
