/** The demo articles: Markdown bodies and their metadata. Figures are drawn by images.ts. */

export type FigureSeed = { file: string; caption: string; steps: readonly string[] };

export type ArticleSeed = {
  slug: string;
  title: string;
  category: string;
  tags: readonly string[];
  description: string;
  /** Short label drawn on the generated cover. */
  coverLabel: string;
  content: string;
  figures: readonly FigureSeed[];
  status: 1 | 2 | 3;
  type: 1 | 2 | 3;
  originUrl: string;
  isTop: 1 | 2;
  order: number;
  daysAgo: number;
  views: number;
  likes: number;
};

const fig = (file: string) => `/uploads/demo/${file}.svg`;

export const ARTICLES: readonly ArticleSeed[] = [
  {
    slug: 'typescript-type-narrowing',
    title: 'TypeScript 类型收窄的几种姿势',
    category: '前端开发',
    tags: ['TypeScript'],
    description: '从 typeof、in 到可辨识联合和自定义类型谓词，整理日常开发里最常用的类型收窄手段。',
    coverLabel: '类型收窄',
    figures: [
      {
        file: 'fig-narrowing',
        caption: '联合类型被一步步收窄',
        steps: ['string | number | Shape', 'typeof', 'kind', '具体类型'],
      },
    ],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 1,
    order: 1,
    daysAgo: 12,
    views: 3860,
    likes: 128,
    content: `写 TypeScript 久了会发现，真正让代码“既安全又不啰嗦”的，往往不是复杂的泛型，而是**类型收窄**。
编译器会根据控制流自动推断某个分支里变量的具体类型，我们要做的只是给它足够的线索。

![联合类型被一步步收窄](${fig('fig-narrowing')})

## 常用的收窄手段

### 1. typeof 与真值判断

最基础的一种，适合原始类型：

\`\`\`ts
function format(value: string | number | null): string {
  if (value == null) return '-';
  if (typeof value === 'number') return value.toFixed(2);
  return value.trim();
}
\`\`\`

### 2. 可辨识联合

给每个成员加一个字面量字段（通常叫 \`kind\` 或 \`type\`），\`switch\` 一下就能精确分流：

\`\`\`ts
type Shape =
  | { kind: 'circle'; radius: number }
  | { kind: 'rect'; width: number; height: number };

function area(s: Shape): number {
  switch (s.kind) {
    case 'circle':
      return Math.PI * s.radius ** 2;
    case 'rect':
      return s.width * s.height;
    default: {
      const never: never = s;
      return never;
    }
  }
}
\`\`\`

> 小技巧：\`default\` 分支里把值赋给 \`never\`，以后新增成员忘了处理时，编译器会直接报错。

### 3. 自定义类型谓词

当判断逻辑比较复杂时，可以写一个返回 \`value is T\` 的函数，把判断封装起来复用。

## 一张速查表

| 手段 | 适用场景 | 备注 |
| --- | --- | --- |
| \`typeof\` | 原始类型 | 注意 \`typeof null === 'object'\` |
| \`instanceof\` | 类实例 | 跨 realm 时不可靠 |
| \`in\` | 对象是否有某个键 | 适合结构不同的对象 |
| 字面量字段 | 可辨识联合 | 最推荐 |
| 类型谓词 | 复杂判断 | 谓词写错编译器不会发现 |

## 小结

- 优先用可辨识联合建模数据；
- 少用 \`as\` 断言，它只是在“告诉”编译器，而不是在“证明”；
- 配合 \`never\` 做穷尽检查，重构时会轻松很多。
`,
  },
  {
    slug: 'rebuild-blog-with-astro',
    title: '用 Astro 重写博客的一些记录',
    category: '前端开发',
    tags: ['TypeScript', 'Node.js'],
    description: '把原来的单页应用换成 Astro 服务端渲染 + 少量 React 岛屿，首屏 JS 体积下降了一个数量级。',
    coverLabel: 'Astro 重写记',
    figures: [
      {
        file: 'fig-astro-arch',
        caption: '一个进程里的请求流向',
        steps: ['浏览器', 'Node 服务', 'Astro SSR', 'SQLite'],
      },
    ],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 1,
    order: 2,
    daysAgo: 5,
    views: 2140,
    likes: 96,
    content: `博客原来是一个 Vue 单页应用，首屏要先下载三百多 KB 的 JavaScript 才能看到文章。这次趁着假期，
用 Astro 把它整个重写了一遍，顺手记录一下过程。

## 整体结构

![一个进程里的请求流向](${fig('fig-astro-arch')})

所有页面都在服务端渲染成 HTML，只有音乐播放器、聊天室这些真正需要交互的部分做成 React 岛屿。
接口层用 Hono，数据库用 Node 自带的 \`node:sqlite\`，整个站点只有一个进程。

## 初始化项目

\`\`\`bash
npm create astro@latest blog -- --template minimal
cd blog
npx astro add react node
npm i hono kysely
\`\`\`

\`package.json\` 里最关键的是把 Node 版本钉住：

\`\`\`json
{
  "type": "module",
  "engines": { "node": ">=22.12" },
  "devDependencies": { "node": "^24.0.0" }
}
\`\`\`

## 页面直接调用服务层

页面不走自己的 HTTP 接口，而是直接调用服务函数，省掉一次序列化：

\`\`\`ts
import { listArticles } from '../server/services/articles.ts';

const page = await listArticles({ current: 1, size: 10 });
\`\`\`

## 前后对比

| 指标 | 旧版 SPA | 新版 Astro |
| --- | --- | --- |
| 首页 JS（gzip） | 326 KB | 约 40 KB |
| 首屏可见时间 | 2.1 s | 0.6 s |
| 部署方式 | 静态文件 + 后端 | 单个 Node 进程 |

## 踩过的坑

1. 岛屿之间不能共享 React Context，改用 nanostores；
2. 切换页面时音乐要继续播放，需要 \`transition:persist\`；
3. 开发模式下 WebSocket 要通过集成挂到 Vite 的服务器上。

> 重写不是目的，让读者更快看到内容才是。
`,
  },
  {
    slug: 'css-container-queries',
    title: 'CSS 容器查询实战：让组件自己决定布局',
    category: '前端开发',
    tags: ['CSS'],
    description: '媒体查询看的是视口，容器查询看的是父容器。用一个卡片组件演示它如何让组件真正做到可复用。',
    coverLabel: '容器查询',
    figures: [
      {
        file: 'fig-container',
        caption: '同一张卡片在不同宽度下的布局',
        steps: ['窄：纵向', '中：左右', '宽：三栏'],
      },
    ],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 24,
    views: 1520,
    likes: 64,
    content: `以前写响应式卡片，总是依赖 \`@media\` 判断视口宽度。可同一个卡片放在侧边栏和主栏里，宽度完全不同，
媒体查询就无能为力了。**容器查询**正好解决这个问题。

## 基本用法

先把父元素声明为查询容器：

\`\`\`html
<section class="card-list">
  <article class="card">
    <img src="/uploads/demo/cover-css-container-queries.svg" alt="封面" />
    <div class="card-body">
      <h3>标题</h3>
      <p>摘要文字……</p>
    </div>
  </article>
</section>
\`\`\`

\`\`\`css
.card-list {
  container-type: inline-size;
  container-name: cards;
}

.card {
  display: grid;
  gap: 12px;
}

@container cards (min-width: 480px) {
  .card {
    grid-template-columns: 160px 1fr;
  }
}
\`\`\`

![同一张卡片在不同宽度下的布局](${fig('fig-container')})

## 容器单位

容器查询还带来了一组新单位，比如 \`cqi\`（容器行内尺寸的 1%），用来做流式字号非常顺手：

\`\`\`css
.card-body h3 {
  font-size: clamp(1rem, 4cqi, 1.5rem);
}
\`\`\`

## 注意事项

- \`container-type: size\` 需要容器有确定的高度，一般用 \`inline-size\` 就够了；
- 容器不能查询自身，只能影响后代元素；
- 主流浏览器都已支持，老浏览器可以保留一个默认的单列布局作为兜底。

> 媒体查询回答“屏幕有多大”，容器查询回答“我有多大”。
`,
  },
  {
    slug: 'node-builtin-sqlite',
    title: 'Node.js 内置 SQLite 初体验',
    category: '后端技术',
    tags: ['Node.js', '数据库'],
    description:
      'Node 22 起自带 node:sqlite 模块，不再需要编译原生扩展。记录一下基本用法和几个推荐的 PRAGMA。',
    coverLabel: 'node:sqlite',
    figures: [],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 33,
    views: 2675,
    likes: 87,
    content: `小项目用 SQLite 再合适不过，但过去总要装 \`better-sqlite3\`，换个系统就得重新编译。Node 22 之后，
标准库里直接有了 \`node:sqlite\`，终于可以零依赖地用上它。

## 打开数据库

\`\`\`js
import { DatabaseSync } from 'node:sqlite';

const db = new DatabaseSync('./data/blog.db');
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA foreign_keys = ON');

const insert = db.prepare('INSERT INTO note (title, body) VALUES (?, ?)');
insert.run('第一条笔记', '你好，SQLite');

const rows = db.prepare('SELECT id, title FROM note ORDER BY id DESC').all();
console.log(rows);
\`\`\`

## 建表

\`\`\`sql
CREATE TABLE IF NOT EXISTS note (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX IF NOT EXISTS note_created ON note (created_at);
\`\`\`

## 推荐的 PRAGMA

| PRAGMA | 建议值 | 作用 |
| --- | --- | --- |
| \`journal_mode\` | WAL | 读写互不阻塞 |
| \`synchronous\` | NORMAL | WAL 模式下足够安全，写入更快 |
| \`foreign_keys\` | ON | 默认是关闭的，别忘了打开 |
| \`busy_timeout\` | 5000 | 遇到锁时等待而不是立即报错 |

## 备份

在线备份可以直接用 \`VACUUM INTO\`：

\`\`\`bash
sqlite3 data/blog.db "VACUUM INTO 'backup/blog-$(date +%F).db'"
\`\`\`

## 小结

1. 同步 API 写起来很直观，单进程服务完全够用；
2. 记得开启 WAL 和外键；
3. 需要全文搜索时，FTS5 的 \`trigram\` 分词器对中文子串匹配很友好。
`,
  },
  {
    slug: 'rust-ownership-notes',
    title: 'Rust 所有权与借用学习笔记',
    category: '后端技术',
    tags: ['Rust'],
    description: '所有权、借用、生命周期是 Rust 入门的三座大山。这篇笔记用几个小例子把规则串起来。',
    coverLabel: 'Rust 所有权',
    figures: [
      {
        file: 'fig-ownership',
        caption: '值的一生：创建、移动、借用、释放',
        steps: ['创建', '移动', '借用', '离开作用域'],
      },
    ],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 47,
    views: 1984,
    likes: 73,
    content: `学 Rust 的第一个月，我和借用检查器吵了无数次架。后来发现，只要记住几条规则，大部分报错都能预判。

![值的一生：创建、移动、借用、释放](${fig('fig-ownership')})

## 三条所有权规则

1. 每个值都有一个所有者；
2. 同一时刻只能有一个所有者；
3. 所有者离开作用域，值就被释放。

\`\`\`rust
fn main() {
    let s1 = String::from("hello");
    let s2 = s1; // 所有权移动到 s2
    // println!("{}", s1); // 编译错误：s1 已经失效
    println!("{}", s2);
}
\`\`\`

## 借用

不想转移所有权，就借用它：

\`\`\`rust
fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}

fn push_line(buf: &mut String, line: &str) {
    buf.push_str(line);
    buf.push('\\n');
}
\`\`\`

借用规则可以总结成一张表：

| 情况 | 是否允许 |
| --- | --- |
| 多个不可变引用 \`&T\` | ✅ |
| 一个可变引用 \`&mut T\` | ✅ |
| 可变引用与不可变引用同时存在 | ❌ |
| 引用比所有者活得更久 | ❌ |

## 生命周期标注

当函数返回引用时，编译器需要知道它来自哪个参数：

\`\`\`rust
fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a.len() >= b.len() { a } else { b }
}
\`\`\`

> 生命周期标注不会改变任何值活多久，它只是描述引用之间的关系。

## 心得

- 遇到报错先读完整的错误信息，Rust 编译器的提示往往已经给出了修改方案；
- 拿不准时先 \`clone()\`，跑通之后再优化；
- 多用 \`&str\` 和切片作为参数类型，接口会更通用。
`,
  },
  {
    slug: 'go-pipelines-and-cancellation',
    title: '【译】Go 并发模式：管道与取消',
    category: '后端技术',
    tags: ['Go'],
    description:
      '翻译并整理 Go 官方博客关于 pipeline 的经典文章：如何用 channel 串起多个阶段，并在提前退出时正确地取消。',
    coverLabel: 'Go Pipelines',
    figures: [{ file: 'fig-pipeline', caption: '三个阶段组成的管道', steps: ['gen', 'sq', 'merge', 'main'] }],
    status: 1,
    type: 3,
    originUrl: 'https://go.dev/blog/pipelines',
    isTop: 2,
    order: 0,
    daysAgo: 61,
    views: 1342,
    likes: 41,
    content: `> 本文译自 Go 官方博客的 *Go Concurrency Patterns: Pipelines and cancellation*，有删节，
> 代码略有调整。

Go 的并发原语让我们很容易构建**流式数据管道**：每个阶段是一组 goroutine，从上游 channel 接收数据、
处理后发送到下游 channel。

![三个阶段组成的管道](${fig('fig-pipeline')})

## 一个简单的例子

第一个阶段把整数列表转成 channel，第二个阶段求平方：

\`\`\`go
func gen(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, n := range nums {
			out <- n
		}
	}()
	return out
}

func sq(done <-chan struct{}, in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			select {
			case out <- n * n:
			case <-done:
				return
			}
		}
	}()
	return out
}
\`\`\`

## 为什么需要取消

如果下游只读了一部分数据就返回，上游的 goroutine 会永远阻塞在发送上，造成泄漏。
解决办法是传入一个 \`done\` channel，下游退出时关闭它，所有阶段都通过 \`select\` 监听它。

## 管道的约定

- 每个阶段在发送完毕后关闭自己的输出 channel；
- 每个阶段持续接收输入，直到输入被关闭或收到取消信号；
- 用 \`sync.WaitGroup\` 做扇入（fan-in），合并多个 channel。

在今天的代码里，\`done\` channel 通常由 \`context.Context\` 代替，思路完全一致。
`,
  },
  {
    slug: 'sql-window-functions',
    title: 'SQL 窗口函数速查',
    category: '后端技术',
    tags: ['数据库'],
    description: 'ROW_NUMBER、RANK、LAG、累计求和……把常用的窗口函数和写法整理成一份速查表。',
    coverLabel: '窗口函数',
    figures: [],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 78,
    views: 2310,
    likes: 58,
    content: `窗口函数可以在不折叠行的情况下做聚合计算，写报表时几乎离不开它。SQLite 3.25 起、PostgreSQL 很早就支持了。

## 基本语法

\`\`\`sql
函数名(参数) OVER (
  PARTITION BY 分组列
  ORDER BY 排序列
  ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
)
\`\`\`

## 常用函数

| 函数 | 作用 | 并列时 |
| --- | --- | --- |
| \`ROW_NUMBER()\` | 连续编号 | 1, 2, 3 |
| \`RANK()\` | 排名，有跳号 | 1, 1, 3 |
| \`DENSE_RANK()\` | 排名，无跳号 | 1, 1, 2 |
| \`LAG(col, n)\` | 取前第 n 行的值 | — |
| \`SUM(col) OVER\` | 累计求和 | — |

## 例子：每个分类下阅读量前三的文章

\`\`\`sql
SELECT category_id, article_title, view_times
FROM (
  SELECT
    category_id,
    article_title,
    view_times,
    ROW_NUMBER() OVER (PARTITION BY category_id ORDER BY view_times DESC) AS rn
  FROM article
  WHERE status = 1
) t
WHERE rn <= 3;
\`\`\`

## 例子：按月统计并计算环比

\`\`\`sql
WITH monthly AS (
  SELECT substr(createdAt, 1, 7) AS month, COUNT(*) AS total
  FROM article
  GROUP BY month
)
SELECT
  month,
  total,
  total - LAG(total) OVER (ORDER BY month) AS diff
FROM monthly;
\`\`\`

## 注意

1. 窗口函数在 \`WHERE\` 之后执行，所以不能直接在 \`WHERE\` 里过滤，需要包一层子查询；
2. 默认的窗口范围是 \`RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW\`，排序列有重复值时结果可能出乎意料；
3. 大表上记得给 \`PARTITION BY\` 和 \`ORDER BY\` 的列建索引。
`,
  },
  {
    slug: 'python-photo-rename',
    title: '用 Python 写一个照片批量重命名脚本',
    category: '工具效率',
    tags: ['效率工具'],
    description: '手机、相机导出的照片名字五花八门，写了一个小脚本按拍摄时间统一重命名，顺便去重。',
    coverLabel: '批量重命名',
    figures: [
      {
        file: 'fig-rename',
        caption: '脚本的处理流程',
        steps: ['扫描目录', '读取时间', '计算哈希', '重命名'],
      },
    ],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 95,
    views: 1786,
    likes: 52,
    content: `每次旅行回来，手机里的 \`IMG_2048.jpg\` 和相机里的 \`DSC00321.JPG\` 混在一起，按名字排序完全是乱的。
于是写了个小脚本，按修改时间统一命名成 \`2024-05-01_103015.jpg\` 这样的格式。

![脚本的处理流程](${fig('fig-rename')})

## 脚本

\`\`\`python
import hashlib
from datetime import datetime
from pathlib import Path

EXTS = {'.jpg', '.jpeg', '.png', '.heic'}


def digest(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()


def rename_all(folder: str, dry_run: bool = True) -> None:
    seen: set[str] = set()
    for path in sorted(Path(folder).iterdir()):
        if path.suffix.lower() not in EXTS:
            continue
        h = digest(path)
        if h in seen:
            print(f'重复，跳过：{path.name}')
            continue
        seen.add(h)
        stamp = datetime.fromtimestamp(path.stat().st_mtime)
        target = path.with_name(stamp.strftime('%Y-%m-%d_%H%M%S') + path.suffix.lower())
        print(f'{path.name} -> {target.name}')
        if not dry_run:
            path.rename(target)


if __name__ == '__main__':
    rename_all('./photos', dry_run=False)
\`\`\`

## 使用

\`\`\`bash
python3 -m venv .venv && source .venv/bin/activate
python3 rename.py
\`\`\`

## 几点说明

- 默认先 \`dry_run\`，确认输出没问题再真正执行；
- 这里用的是文件修改时间，想更准确可以读 EXIF 里的 \`DateTimeOriginal\`；
- 同一秒拍的多张照片会重名，实际使用时可以在末尾加序号。
`,
  },
  {
    slug: 'my-terminal-setup',
    title: '我的终端配置清单',
    category: '工具效率',
    tags: ['效率工具'],
    description: '换了新电脑之后重新整理的一份终端配置：shell、提示符、常用命令行工具和几个好用的别名。',
    coverLabel: '终端配置',
    figures: [],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 112,
    views: 3120,
    likes: 105,
    content: `每次换电脑都要花半天折腾终端，这次干脆把配置整理成文章，下次照着做就行。

## 基础工具

| 工具 | 用途 | 替代 |
| --- | --- | --- |
| zsh | 交互式 shell | bash |
| starship | 跨 shell 的提示符 | oh-my-zsh 主题 |
| ripgrep | 搜索文本 | grep |
| fd | 查找文件 | find |
| bat | 带高亮的 cat | cat |
| fzf | 模糊查找 | — |

## 安装

\`\`\`bash
# Debian / Ubuntu
sudo apt install zsh ripgrep fd-find bat fzf
curl -sS https://starship.rs/install.sh | sh
chsh -s "$(which zsh)"
\`\`\`

## 常用别名

\`\`\`bash
alias ll='ls -alh'
alias gs='git status -sb'
alias gl='git log --oneline --graph --decorate -20'
alias cat='batcat --paging=never'

# 快速进入最近的项目目录
proj() {
  cd "$(fd -t d -d 2 . ~/code | fzf)" || return
}
\`\`\`

## 编辑器里的终端设置

VS Code 的终端字体和 shell 也顺手统一一下：

\`\`\`json
{
  "terminal.integrated.fontFamily": "JetBrains Mono, monospace",
  "terminal.integrated.fontSize": 14,
  "terminal.integrated.defaultProfile.linux": "zsh"
}
\`\`\`

## 一些习惯

- 用 \`Ctrl + R\` 搜索历史命令，配合 fzf 非常好用；
- 长命令写成脚本放进 \`~/bin\`，比记别名更可靠；
- 配置文件统一放在一个 Git 仓库里，用软链接部署。
`,
  },
  {
    slug: 'http-caching-notes',
    title: '【转】HTTP 缓存知识整理',
    category: '前端开发',
    tags: ['Node.js'],
    description:
      '强缓存、协商缓存、Cache-Control 的各个指令……转载整理自 MDN 的 HTTP 缓存文档，加了一些自己的例子。',
    coverLabel: 'HTTP 缓存',
    figures: [
      {
        file: 'fig-cache-flow',
        caption: '一次请求如何命中缓存',
        steps: ['浏览器缓存', '是否过期', 'If-None-Match', '304 / 200'],
      },
    ],
    status: 1,
    type: 2,
    originUrl: 'https://developer.mozilla.org/zh-CN/docs/Web/HTTP/Caching',
    isTop: 2,
    order: 0,
    daysAgo: 130,
    views: 2890,
    likes: 77,
    content: `> 本文转载整理自 MDN 的《HTTP 缓存》，原文更详细，推荐阅读。

缓存能显著减少网络请求，但配置不当也会让用户看到过期内容。理解它只需要抓住两个问题：
**什么时候可以直接用缓存**，以及**过期之后怎么确认内容有没有变**。

![一次请求如何命中缓存](${fig('fig-cache-flow')})

## 强缓存

由 \`Cache-Control\` 决定，在有效期内浏览器直接使用本地副本，不发请求。

| 指令 | 含义 |
| --- | --- |
| \`max-age=N\` | N 秒内有效 |
| \`no-cache\` | 可以缓存，但每次使用前都要验证 |
| \`no-store\` | 完全不缓存 |
| \`private\` | 只允许浏览器缓存，CDN 不能缓存 |
| \`immutable\` | 有效期内内容不会变，刷新也不验证 |

## 协商缓存

过期后浏览器带上 \`If-None-Match\`（对应 \`ETag\`）或 \`If-Modified-Since\` 去验证，
内容没变时服务器返回 \`304 Not Modified\`，不带响应体。

在 Node 里手写一个 ETag 验证大概是这样：

\`\`\`js
import { createHash } from 'node:crypto';

export function sendWithEtag(req, res, body) {
  const etag = \`"\${createHash('sha1').update(body).digest('base64url')}"\`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    return res.end();
  }
  res.end(body);
}
\`\`\`

## 实践建议

1. 带内容哈希的静态资源：\`max-age=31536000, immutable\`；
2. HTML 页面：\`no-cache\`，每次验证，保证能及时拿到新版本；
3. 个人数据接口：\`private\` 或 \`no-store\`，避免被 CDN 缓存。
`,
  },
  {
    slug: 'pragmatic-programmer-notes',
    title: '《程序员修炼之道》读书笔记',
    category: '生活随笔',
    tags: ['随笔'],
    description: '时隔多年重读这本书，很多当年一扫而过的句子，现在读来句句都是踩过的坑。',
    coverLabel: '读书笔记',
    figures: [],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 150,
    views: 1240,
    likes: 66,
    content: `第一次读《程序员修炼之道》是刚毕业的时候，只觉得是一本“正确的废话”。工作几年后重读，
才发现书里说的每一条，几乎都对应着自己踩过的某个坑。

![山间的清晨](/uploads/demo/photo-mountain-1.svg)

## 印象最深的几条

### 不要留破窗户

> 不要容忍破窗户：低劣的设计、错误的决策、糟糕的代码。发现一个就修一个。

一个项目里只要有一处“先这样吧”，很快就会有第二处、第三处。

### DRY 不只是代码

DRY（Don't Repeat Yourself）说的是**知识**不要重复，而不只是代码片段。文档、配置、数据库结构里的重复，
同样会在修改时让人漏掉一处。

### 曳光弹式开发

先做出一条贯穿前后端的最小可用路径，再逐步填充。这和“先把所有模块设计完美再开工”完全相反，
但实际项目里往往更有效。

## 我给自己定的几个小习惯

1. 每次提交前自己先 review 一遍 diff；
2. 遇到重复三次的操作就写脚本；
3. 每周花一小时读一篇技术文章或一章书；
4. 记录每次线上问题的原因和修复方式。

## 摘录

| 章节 | 摘录 |
| --- | --- |
| 务实的哲学 | 提供选择，不要找蹩脚的借口 |
| 务实的方法 | 估算，以避免发生意外 |
| 基本工具 | 用纯文本保存知识 |
| 务实的偏执 | 你不可能写出完美的软件 |

读书最大的收获，不是记住了多少条原则，而是下次写代码时，脑子里会多一个声音提醒自己。
`,
  },
  {
    slug: 'git-daily-tips',
    title: '日常 Git 工作流的小技巧',
    category: '工具效率',
    tags: ['效率工具'],
    description: '整理几个平时用得最多、却常被忽略的 Git 命令：交互式暂存、fixup 提交、worktree 和 bisect。',
    coverLabel: 'Git 小技巧',
    figures: [
      {
        file: 'fig-git-flow',
        caption: '功能分支的一生',
        steps: ['main', 'feature', 'fixup', 'rebase', 'merge'],
      },
    ],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 171,
    views: 2045,
    likes: 69,
    content: `Git 的命令多到记不住，但真正每天用的就那么几个。这里记录几个能明显提升效率的小技巧。

![功能分支的一生](${fig('fig-git-flow')})

## 只提交一部分改动

一个文件里改了两件事，想分成两次提交：

\`\`\`bash
git add -p src/server/main.ts   # 逐块选择要暂存的改动
git commit -m "修复启动时的配置校验"
\`\`\`

## fixup 提交与自动整理

发现前面某次提交有个小错误，不必新开一个“修复错别字”的提交：

\`\`\`bash
git commit --fixup=a1b2c3d
git rebase -i --autosquash main
\`\`\`

## 同时在两个分支上工作

\`worktree\` 可以把另一个分支检出到单独的目录，不用来回 \`stash\`：

\`\`\`bash
git worktree add ../blog-hotfix hotfix/login
cd ../blog-hotfix && npm test
git worktree remove ../blog-hotfix
\`\`\`

## 二分查找引入问题的提交

\`\`\`bash
git bisect start
git bisect bad HEAD
git bisect good v1.2.0
git bisect run npm test
\`\`\`

## 常用命令速查

| 场景 | 命令 |
| --- | --- |
| 撤销工作区改动 | \`git restore <file>\` |
| 取消暂存 | \`git restore --staged <file>\` |
| 修改最近一次提交 | \`git commit --amend\` |
| 查看某行是谁改的 | \`git blame -L 10,20 <file>\` |
| 找回误删的提交 | \`git reflog\` |

> 记住 \`git reflog\`：只要提交过，几乎就不会真正丢失。
`,
  },
  {
    slug: 'notes-on-this-year',
    title: '这一年的一些碎碎念',
    category: '生活随笔',
    tags: ['随笔'],
    description: '换了工作、重写了博客、学了一门新语言，也终于开始认真跑步。写点流水账，给一年做个记号。',
    coverLabel: '碎碎念',
    figures: [],
    status: 1,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 198,
    views: 980,
    likes: 88,
    content: `又到了写流水账的时候。今年没有什么惊天动地的大事，但回头看，每个月都有一点小小的变化。

## 工作

- 年初换了工作，从纯前端转到了全栈，开始每天和数据库、部署打交道；
- 第一次独立负责一个服务上线，凌晨两点盯着监控曲线的感觉至今难忘；
- 学会了在评审里说“这里我没看懂”，而不是假装看懂。

## 学习

1. 系统地学了 Rust，写了几个命令行小工具；
2. 把博客用 Astro 重写了一遍；
3. 读完了 12 本书，比去年多了 5 本。

![海边的傍晚](/uploads/demo/photo-sea-2.svg)

## 生活

开始跑步是因为体检报告上的几个箭头。从一开始跑两公里就喘，到现在能轻松跑完十公里，
最大的收获其实是睡眠变好了。

| 月份 | 跑量（公里） | 备注 |
| --- | --- | --- |
| 三月 | 32 | 刚开始，膝盖有点疼 |
| 六月 | 86 | 换了双合适的鞋 |
| 九月 | 120 | 第一次跑完半马 |

> 慢慢来，比较快。

## 明年的愿望

- 博客每个月至少更新两篇；
- 把拖了很久的开源项目发布 1.0；
- 多陪陪家人，少熬夜。

谢谢每一个来这里看文章、留言的朋友，明年见。
`,
  },
  {
    slug: 'private-study-plan',
    title: '私密：下个季度的学习计划',
    category: '生活随笔',
    tags: ['随笔'],
    description: '只给自己看的学习计划，列了几个想深入的方向和时间安排。',
    coverLabel: '学习计划',
    figures: [],
    status: 2,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 3,
    views: 12,
    likes: 0,
    content: `这篇只给自己看，用来督促下个季度的学习。

## 目标

1. 读完《数据密集型应用系统设计》的前两部分；
2. 用 Rust 重写博客的图片处理小工具；
3. 给常用的开源项目提交至少两个 PR。

## 时间安排

| 时间 | 内容 |
| --- | --- |
| 工作日晚上 | 每天一小时读书，做笔记 |
| 周六上午 | 写代码，推进个人项目 |
| 周日 | 休息，跑步，不碰电脑 |

## 检查点

- 每个月底回顾一次进度，没完成的不要硬补，调整计划即可；
- 读书笔记统一整理到博客草稿里，季度末挑两篇发布。

> 计划是用来调整的，不是用来愧疚的。

最后提醒自己：\`不要同时开三个新坑\`。上个季度就是因为想做的事情太多，结果每件都只做了一半。
这次宁可少做一点，也要把每件事情做完、做好，再考虑下一件。

## 备忘

- 书单：《数据密集型应用系统设计》《Rust 程序设计语言》《重构》；
- 想关注的项目：Astro、Kysely、Hono，有空读读它们的源码；
- 身体是本钱：每周至少跑步三次，每次不少于五公里。
`,
  },
  {
    slug: 'draft-webassembly-intro',
    title: '草稿：WebAssembly 入门（未完成）',
    category: '前端开发',
    tags: ['Rust', 'TypeScript'],
    description: '用 Rust 编译一个 WebAssembly 模块，在浏览器里调用它。还在写，先占个坑。',
    coverLabel: 'WebAssembly',
    figures: [],
    status: 3,
    type: 1,
    originUrl: '',
    isTop: 2,
    order: 0,
    daysAgo: 1,
    views: 0,
    likes: 0,
    content: `> 草稿，内容还没整理完。

WebAssembly 让浏览器可以运行接近原生速度的代码。这篇打算用 Rust 写一个最小的例子。

## 准备工具

\`\`\`bash
cargo install wasm-pack
wasm-pack new hello-wasm
\`\`\`

## Rust 侧

\`\`\`rust
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn fib(n: u32) -> u32 {
    if n < 2 { n } else { fib(n - 1) + fib(n - 2) }
}
\`\`\`

## 浏览器侧

\`\`\`ts
import init, { fib } from './pkg/hello_wasm.js';

await init();
console.log(fib(30));
\`\`\`

## 待补充

- 和纯 JavaScript 实现的性能对比；
- 字符串和数组如何在两边传递；
- 打包进 Vite 项目的配置；
- 体积优化：\`wasm-opt\` 和 \`opt-level = "z"\`。

先写到这里，周末继续。
`,
  },
];
