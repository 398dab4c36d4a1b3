import { readJson, remove, writeJson } from '../../browser/storage.ts';
import { addSiteView } from '../../lib/api/site.ts';
import { formatCount } from '../../lib/count.ts';
import { onIdle } from '../../lib/idle.ts';

/**
 * The site's visit count (访问 on /home): one `PUT /api/config/addView` per browser session
 * (docs/api/public.md#site), from the chrome every page loads. Session storage remembers
 * that this tab has counted, and the count the server answered: cached pages may show an older figure
 * for a few minutes (the page cache), so every page shows at least that one.
 */
const COUNTED = 'siteViewCounted';
const SEEN = 'siteViews';

function showViews(): void {
  const seen = readJson<number>(SEEN, 'session');
  const el = document.querySelector<HTMLElement>('[data-site-views]');
  if (!el || typeof seen !== 'number' || seen <= Number(el.dataset.siteViews)) return;
  el.dataset.siteViews = String(seen);
  el.title = `${seen} 次`;
  el.textContent = formatCount(seen);
}

function countVisit(): void {
  if (readJson<boolean>(COUNTED, 'session')) return;
  // Marked before the answer, so a quick second page load does not count twice; a failure unmarks.
  writeJson(COUNTED, true, 'session');
  // The client reads a code sent as text ("0") as success too
  // (docs/api/README.md#compatibility-with-the-original-client).
  addSiteView()
    .then((result) => {
      if (typeof result?.view_time === 'number') writeJson(SEEN, result.view_time, 'session');
      showViews();
    })
    .catch(() => remove(COUNTED, 'session'));
}

document.addEventListener('astro:page-load', showViews);
// Not needed for the first paint: after the page has settled.
onIdle(countVisit);
