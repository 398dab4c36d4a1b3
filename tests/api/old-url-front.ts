import path from 'node:path';
import { config } from '../../src/server/config.ts';
import { currentDatabase } from '../../src/server/db/connection.ts';
import { createSite } from '../../src/server/root/create-site.ts';
import type { NodeHandler } from '../../src/server/root/front.ts';
import { databaseEnv } from '../setup/database.ts';
import { ADMIN } from './helpers.ts';

/**
 * The whole site (its front, the page cache, the services) on the test's own database and data
 * folder, with `pages` standing in for Astro's renderer. Closed by the caller.
 */
export async function siteWithPages(pages: NodeHandler) {
  return createSite({
    database: currentDatabase(),
    env: {
      PORT: '0',
      DATA_DIR: config.dataDir,
      SEED_DEMO: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      LINK_CHECK_HOURS: '0',
      ...(await databaseEnv()),
    },
    pages,
    clientDir: path.join(config.dataDir, 'no-client-build'),
  });
}

/**
 * What the site's front answers for old addresses (an import's `/2023/05/14/常见算法/`, `?p=123`): a
 * site is started on the test's own database and data folder, asked each address without following
 * redirects, and closed. Each answer is the Location of a 301, or the status when it is none.
 */
export async function frontAnswers(addresses: string[]): Promise<Record<string, string>> {
  // No build needed: a page that is not redirected answers 404, as an unknown path would.
  const site = await siteWithPages(
    (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>404</p>'),
  );
  try {
    const answers: Record<string, string> = {};
    for (const address of addresses) {
      const res = await fetch(new URL(address, site.url), { redirect: 'manual' });
      await res.arrayBuffer();
      answers[address] = res.status === 301 ? (res.headers.get('location') ?? '301') : String(res.status);
    }
    return answers;
  } finally {
    await site.close();
  }
}
