import { db } from '../db/connection.ts';
import { createRandom } from './images.ts';
import type { DemoPictures } from './pictures.ts';
import type { Demo, Target } from './schema.ts';

export type SeedOptions = {
  adminId: number;
  uploadsDir: string;
  /** The moment the demo's "days ago" count back from (tests fix it). */
  now?: Date;
  /** The folder with site.yaml and articles/ (default: content/demo at the repository root). */
  contentDir?: string;
};

const DAY = 24 * 3600 * 1000;

/**
 * The demo's clock: content is dated relative to now so the demo site always looks recently updated.
 * `at` moves every time back by a deterministic few hours (so rows do not line up), drawn from one
 * seeded stream: the steps read it in a fixed order, which gives the same dates on every seed.
 */
export function demoClock(now: Date) {
  const jitter = createRandom('seed:time');
  return {
    now,
    /** An ISO time `days` before now, moved back by up to ten hours. */
    at: (days: number, extraMinutes = 0) =>
      new Date(
        now.getTime() - days * DAY - jitter.int(0, 600) * 60_000 + extraMinutes * 60_000,
      ).toISOString(),
    /** `plusMinutes` after an ISO time, never later than now. */
    exact: (iso: string, plusMinutes: number) =>
      new Date(Math.min(now.getTime(), new Date(iso).getTime() + plusMinutes * 60_000)).toISOString(),
  };
}

/** What the steps share: the content, the clock, and the ids earlier steps created. */
export type SeedContext = {
  demo: Demo;
  adminId: number;
  uploadsDir: string;
  articlesDir: string;
  clock: ReturnType<typeof demoClock>;
  pictures?: DemoPictures;
  /** 'admin' or a demo username → user id. */
  users: Map<string, number>;
  articles: Map<string, number>;
  talks: number[];
  messages: number[];
  links: number[];
};

/** The pictures step's output; a later step reading it before then is a bug in the step order. */
export function picturesOf(ctx: SeedContext): DemoPictures {
  if (!ctx.pictures) throw new Error('图片还没有生成（pictures 这一步要在前面）');
  return ctx.pictures;
}

export function userId(ctx: SeedContext, key: string): number {
  const id = ctx.users.get(key);
  if (id === undefined) throw new Error(`用户还没有创建：${key}`);
  return id;
}

/** The id of what a comment, like or notification points at; throws when its step has not run. */
export function targetId(ctx: SeedContext, on: Target): { type: 1 | 2 | 3 | 4; id: number } {
  const [type, id] =
    'article' in on
      ? ([1, ctx.articles.get(on.article)] as const)
      : 'talk' in on
        ? ([2, ctx.talks[on.talk - 1]] as const)
        : 'message' in on
          ? ([3, ctx.messages[on.message - 1]] as const)
          : ([4, ctx.links[on.link - 1]] as const);
  if (id === undefined) throw new Error(`找不到 ${JSON.stringify(on)}`);
  return { type, id };
}

/**
 * Demo-only history no service writes: a row's creation time in the past, and counters (views,
 * likes) that visitors would have run up. Written after the row was created through its service.
 */
export async function backdate(
  table: 'user' | 'category' | 'tag' | 'talk',
  id: number,
  createdAt: string,
  updatedAt = createdAt,
): Promise<void> {
  await db.updateTable(table).set({ createdAt, updatedAt }).where('id', '=', id).execute();
}
