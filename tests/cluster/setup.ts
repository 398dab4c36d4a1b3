/**
 * The cluster test's global setup: builds when the build is missing or stale, then starts two server
 * processes at the same instant on a new PostgreSQL and Redis, nginx in front
 * (scripts/local-services/cluster.ts), for every file of tests/cluster; stopped after the last.
 */
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/local-services/cluster.ts';
import { buildIfStale } from '../../src/server/cli/build-if-stale.ts';

declare module 'vitest' {
  interface ProvidedContext {
    cluster: { proxy: string; nodes: string[]; databaseUrl: string; uploadsDir: string };
  }
}

export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test: Astro would build its development JSX runtime into the server bundle.
  const nodeEnv = process.env.NODE_ENV;
  delete process.env.NODE_ENV;
  try {
    buildIfStale(path.resolve(import.meta.dirname, '../..'));
  } finally {
    if (nodeEnv !== undefined) process.env.NODE_ENV = nodeEnv;
  }
  const cluster = await startCluster();
  project.provide('cluster', {
    proxy: cluster.proxy,
    nodes: cluster.nodes.map((n) => n.url),
    databaseUrl: cluster.databaseUrl,
    uploadsDir: cluster.uploadsDir,
  });
  return () => cluster.stop();
}
