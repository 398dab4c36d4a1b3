import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Sources for the import benchmark (bench/import.ts), shaped as the real tools write them: a Hexo blog
 * (`_config.yml`, `source/_posts/` with Chinese file names, some whose ASCII parts collide, tags and
 * categories as lists, `abbrlink` on some, `<!-- more -->`) and a Waline export of its comments, keyed
 * by each post's address as the browser reported it (`location.pathname`, percent-encoded).
 */

const TOPICS = [
  '常见算法',
  'HTML视频播放增强脚本使用指南',
  'HTML标签重点划注',
  'Vue组件通信',
  '二叉树的遍历',
  'Docker部署笔记',
];
const FIRST = [
  ...'春夏秋冬东南西北山水风云花鸟虫鱼金木火土日月星辰江河湖海松竹梅兰琴棋书画诗酒茶歌晨暮朝夕晴雨霜雪',
];
const SECOND = [
  '笔记',
  '随想',
  '杂谈',
  '小记',
  '札记',
  '漫谈',
  '手记',
  '心得',
  '总结',
  '入门',
  '进阶',
  '实践',
  '指南',
  '初探',
  '回顾',
  '备忘',
  '探索',
  '拾遗',
  '浅析',
  '速览',
];

/**
 * A post's file name as a Chinese blogger names it: Chinese words and no number, one in ten led by
 * an ASCII word that others share (`HTML…`: all of them once collapsed into one slug, `html`).
 */
function fileName(p: number): string {
  const words = `${FIRST[p % FIRST.length]}${FIRST[Math.floor(p / FIRST.length) % FIRST.length]}${SECOND[Math.floor(p / FIRST.length ** 2) % SECOND.length]}`;
  return p % 10 === 0 ? `HTML${words}` : words;
}
const pad = (n: number) => String(n).padStart(2, '0');

export type HexoPost = { title: string; path: string };

/** A Hexo blog of `posts` posts in `dir`; returns each post's title and address (`/2019/01/02/春夏笔记/`). */
export function generateHexo(dir: string, posts: number): HexoPost[] {
  mkdirSync(path.join(dir, 'source', '_posts'), { recursive: true });
  writeFileSync(
    path.join(dir, '_config.yml'),
    'title: 压测博客\nurl: https://bench.example.com\nroot: /\npermalink: :year/:month/:day/:title/\nnew_post_name: :title.md\n',
  );
  const out: HexoPost[] = [];
  for (let p = 1; p <= posts; p++) {
    const topic = TOPICS[p % TOPICS.length];
    const name = fileName(p);
    const day = new Date(Date.UTC(2019, 0, 1) + p * 36 * 3600_000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    const title = `${topic}（第 ${p} 篇）`;
    const body = [
      `这是第 ${p} 篇文章的摘要，介绍${topic}。`,
      '',
      '<!-- more -->',
      '',
      `## ${topic}`,
      '',
      '正文段落，测试导入的速度与内存。'.repeat(8),
      '',
      '```js',
      `console.log(${p});`,
      '```',
      '',
      '- 第一点',
      '- 第二点',
      '',
      '| 键 | 值 |',
      '| --- | --- |',
      `| a | ${p} |`,
      '',
    ].join('\n');
    const front = [
      '---',
      `title: ${title}`,
      `date: ${date} 10:00:00`,
      `updated: ${date} 12:00:00`,
      'tags:',
      `  - 标签${p % 50}`,
      `  - ${topic.slice(0, 4)}`,
      'categories:',
      `  - - 分类${p % 20}`,
      `    - 子分类${p % 3}`,
      ...(p % 4 === 0 ? [`abbrlink: ${(p * 2654435761) % 65536}`] : []),
      '---',
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'source', '_posts', `${name}.md`), front + body);
    const [y, m, d] = date.split('-');
    out.push({ title, path: `/${y}/${m}/${d}/${encodeURIComponent(name)}/` });
  }
  return out;
}

/** Waline's export (its admin → 导出): `data.Comment[]` with threads, as `comment` HTML. */
export function generateWaline(posts: HexoPost[], perPost: number): string {
  const comments: Record<string, unknown>[] = [];
  let n = 0;
  const id = (k: number) => `6566${k.toString(16).padStart(20, '0')}`;
  for (const post of posts) {
    const first = n;
    for (let k = 0; k < perPost; k++) {
      const top = k % 3 === 0;
      const at = new Date(Date.UTC(2023, 0, 1) + n * 60_000).toISOString();
      const root = first + Math.floor(k / 3) * 3;
      comments.push({
        objectId: id(n),
        comment: top
          ? `<p>第 ${k + 1} 条评论！<img class="wl-emoji" src="https://unpkg.com/@waline/emojis@1.2.0/weibo/weibo_doge.png" alt="weibo_doge"></p>\n`
          : `<p><a class="at" href="#${id(n - 1)}">@访客${(n - 1) % 300}</a> , 回复第 ${k} 条</p>\n`,
        insertedAt: at,
        createdAt: at,
        updatedAt: at,
        ip: `203.0.113.${n % 250}`,
        link: n % 5 ? '' : 'https://friend.example.com',
        mail: `g${n % 300}@example.com`,
        nick: `访客${n % 300}`,
        ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
        url: post.path,
        status: 'approved',
        like: n % 7,
        ...(top ? {} : { pid: id(n - 1), rid: id(root) }),
      });
      n++;
    }
  }
  return JSON.stringify({
    __version: '1.31.13',
    type: 'waline',
    version: 1,
    time: Date.UTC(2024, 0, 1),
    tables: ['Comment', 'Counter', 'Users'],
    data: { Comment: comments, Counter: [], Users: [] },
  });
}
