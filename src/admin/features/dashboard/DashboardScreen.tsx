import { useStore } from '@nanostores/react';
import { RefreshCw, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { getOverview, getTrend } from '../../../lib/api/admin/dashboard.ts';
import type { DashboardCounts, DashboardOverview, DashboardTrend } from '../../../lib/contract/dashboard.ts';
import { $gate, $self, refreshReviewCounts } from '../../stores.ts';
import { NewestComments, NewestMessages, PendingLinks } from './DashboardLists.tsx';
import styles from './dashboard.module.css';

// uPlot and its CSS load with the charts, after the figures are on screen.
const TrendCharts = lazy(() => import('./TrendCharts.tsx'));

/**
 * The figure cards. The three view figures count different things (services/views/tally.ts counts page
 * loads into view_day; services/site.ts addView counts a visitor's day once into config.view_time), so
 * each says under it what it counts.
 */
const CARDS: {
  key: keyof DashboardCounts;
  label: string;
  href?: string;
  note?: (c: DashboardCounts) => string;
  definition?: string;
}[] = [
  { key: 'articles', label: '文章', href: '/admin/articles' },
  { key: 'comments', label: '评论' },
  // The moderation queue (docs/owner-guide.md#评论审核).
  { key: 'pendingReview', label: '待审核', href: '/admin/comments?tab=pending', note: () => '评论与留言' },
  { key: 'messages', label: '留言', href: '/message/list' },
  { key: 'users', label: '用户' },
  {
    key: 'viewsToday',
    label: '今日浏览',
    note: (c) => `${c.uniquesToday} 位访客`,
    definition: '今天（北京时间）网站页面被打开的次数，每打开一页算一次；不含后台和爬虫。',
  },
  {
    key: 'viewsTotal',
    label: '累计浏览',
    definition: '开始按天统计以来每天浏览次数的总和（与下面的曲线同一来源），每打开一页算一次。',
  },
  {
    key: 'visits',
    label: '网站访问',
    definition: '首页显示的“访问”数：同一位访客一天只算一次，从建站起累计，含搬家或演示数据带来的起始数。',
  },
];

/** /admin: the console's home: the blog's figures, what waits for the blogger, the last 30 days. */
export default function DashboardScreen() {
  const gate = useStore($gate);
  const [overview, setOverview] = useState<DashboardOverview | null>(null);
  const [trend, setTrend] = useState<DashboardTrend | null>(null);

  // The figures and the trend are two reads: the cards do not wait for the thirty days' series.
  const load = useCallback(() => getOverview().then(setOverview, () => {}), []);
  // A moderation changes the figures and the series (a deleted comment leaves its day).
  const reload = useCallback(async () => {
    await Promise.all([load(), getTrend().then(setTrend, () => {}), refreshReviewCounts()]);
  }, [load]);
  useEffect(() => {
    if (gate === 'admin') void reload();
  }, [gate, reload]);

  const counts = overview?.counts;
  return (
    <div className={styles.dashboard}>
      <OtpBanner />
      <PendingRenders count={counts?.pendingRenders} />
      <section aria-label="数据总览" className={styles.cards}>
        {CARDS.map(({ key, label, href, note, definition }) => (
          <div key={key} className={styles.card}>
            <p className={styles.cardLabel}>{href ? <a href={href}>{label}</a> : label}</p>
            <p className={styles.cardValue} data-count={key}>
              {counts ? counts[key].toLocaleString('zh-CN') : '—'}
            </p>
            {note && counts && <p className={styles.cardNote}>{note(counts)}</p>}
            {definition && (
              <p className={styles.cardDefinition} data-definition={key}>
                {definition}
              </p>
            )}
          </div>
        ))}
      </section>
      {trend ? (
        <Suspense fallback={<p className={styles.muted}>图表加载中…</p>}>
          <TrendCharts trend={trend} />
        </Suspense>
      ) : (
        <p className={styles.muted}>图表加载中…</p>
      )}
      <div className={styles.columns}>
        <PendingLinks links={overview?.pendingLinks} total={counts?.pendingLinks} onChanged={load} />
        <TopArticles trend={trend} />
      </div>
      <div className={styles.columns}>
        <NewestComments comments={overview?.comments} onChanged={reload} />
        <NewestMessages messages={overview?.messages} onChanged={reload} />
      </div>
    </div>
  );
}

/** While the admin signs in with a password alone, the dashboard says so and where to change it. */
function OtpBanner() {
  const self = useStore($self);
  if (self?.otp_enabled !== false) return null;
  return (
    <section className={styles.otpBanner} aria-label="安全提醒" data-otp-banner>
      <ShieldAlert size={20} aria-hidden />
      <p>
        博主账号还没有开启两步验证：密码一旦被猜中或泄露，别人就能登录后台。
        <a href="/admin/account">去开启两步验证</a>
      </p>
    </section>
  );
}

const RENDERS_WHY = '渲染器升级后，旧的排版照常显示，后台按从旧到新的顺序重新渲染';

/**
 * After an upgrade of the renderer: how many articles the background job has still to render again
 * (services/articles/rendering-upkeep.ts). Nothing while none waits.
 */
function PendingRenders({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <section
      className={styles.renderBanner}
      aria-label="正文渲染"
      title={RENDERS_WHY}
      data-pending-renders={count}
    >
      <RefreshCw size={18} aria-hidden />
      <p>
        正文重新渲染中：还有 {count.toLocaleString('zh-CN')} 篇文章
        <span className={styles.renderWhy}>{RENDERS_WHY}。</span>
      </p>
    </section>
  );
}

/** The most-read articles of the window: a ranked list whose bars are the views (the list is the text). */
function TopArticles({ trend }: { trend: DashboardTrend | null }) {
  const top = trend?.topArticles ?? [];
  const max = Math.max(1, ...top.map((a) => a.views));
  return (
    <section className={styles.panel} aria-labelledby="dash-top">
      <h2 id="dash-top" className={styles.panelTitle}>
        近 {trend?.days.length ?? 30} 天最常读的文章
      </h2>
      {!trend ? (
        <p className={styles.muted}>加载中…</p>
      ) : top.length === 0 ? (
        <p className={styles.muted}>近 {trend.days.length} 天还没有文章被阅读</p>
      ) : (
        <ol className={styles.ranking}>
          {top.map((a) => (
            <li key={a.id}>
              <a href={`/article?id=${a.id}`} target="_blank" rel="noopener">
                {a.article_title}
              </a>
              <span className={styles.rankViews}>{a.views} 次</span>
              <span className={styles.rankBar} style={{ width: `${(a.views / max) * 100}%` }} aria-hidden />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
