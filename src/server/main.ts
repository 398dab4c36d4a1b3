import './runtime.ts';
import { ConfigError } from './config.ts';
import { isDatabaseUnavailable } from './core/db-unavailable.ts';
import { logger } from './core/log.ts';
import { createSite, type Site } from './root/create-site.ts';

export async function main(): Promise<void> {
  let running: Site;
  try {
    // The whole site on one HTTP server, built in one place (root/create-site.ts).
    running = await createSite();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A promise of a background job that met the database away (docs/decisions/0006-database-outage.md) is no
  // reason to stop the site; anything else still ends the process, as Node's default does.
  process.on('unhandledRejection', (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    logger.warn({ err: (err as Error).message }, 'database unavailable in a background task');
  });
  console.log(`Blog listening on ${running.url}`);
  if (running.site !== running.url) console.log(`Site: ${running.site}`);
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await running.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.main) await main();
