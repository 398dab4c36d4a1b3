import { prepareDatabase } from '../boot/database.ts';
import { createUpgradeHandler, type UpgradeHandler } from '../chat/upgrade.ts';
import { initConfig } from '../config.ts';

let booted: Promise<UpgradeHandler> | undefined;

/** Where the dev integration finds the /ws hook of the module instance the pages and /api use. */
const DEV_UPGRADE = Symbol.for('blog.devUpgrade');
type WithUpgrade = typeof globalThis & { [DEV_UPGRADE]?: UpgradeHandler };

/**
 * `astro dev` start, run by the Astro middleware in the same module graph as pages and /api (so they
 * share one database handle and one chat hub): config, database, and the /ws hook, once.
 */
export function bootDev(): Promise<UpgradeHandler> {
  booted ??= (async () => {
    const cfg = initConfig();
    const prepared = await prepareDatabase(cfg);
    if (prepared.generatedPassword) {
      console.log(`admin ${cfg.adminUsername} / ${prepared.generatedPassword}`);
    }
    const handle = createUpgradeHandler().handle;
    (globalThis as WithUpgrade)[DEV_UPGRADE] = handle;
    return handle;
  })();
  return booted;
}
