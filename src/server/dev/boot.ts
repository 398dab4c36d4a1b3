import { createUpgradeHandler, type UpgradeHandler } from '../chat/upgrade.ts';
import { initConfig } from '../config.ts';
import { prepareDatabase } from '../db/index.ts';

let booted: Promise<UpgradeHandler> | undefined;

/** Dev-server start: config, database, and the /ws hook (once per process). */
export function bootDev(): Promise<UpgradeHandler> {
  booted ??= (async () => {
    const cfg = initConfig();
    const prepared = await prepareDatabase(cfg);
    if (prepared.generatedPassword) {
      console.log(`admin ${cfg.adminUsername} / ${prepared.generatedPassword}`);
    }
    return createUpgradeHandler().handle;
  })();
  return booted;
}
