import { buildIfStale } from '../../src/server/cli/build-if-stale.ts';
import { ROOT, startServer, stopServer } from './server.ts';

/** Builds when needed and starts one seeded server for the browser tests; its URL goes to E2E_URL. */
export default async function globalSetup() {
  buildIfStale(ROOT);
  const server = await startServer();
  process.env.E2E_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await stopServer(server);
  };
}
