import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalMariadb, startMariadb } from '../../scripts/local-services/mariadb.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { MYSQL_UNREACHABLE } from '../../src/server/services/import/mysql-connect.ts';
import { setupTestApi } from './helpers.ts';
import { installerSql, LOCAL, typechoCases } from './import-typecho-cases.ts';

/**
 * Importing a Typecho blog from MariaDB: Typecho's install/Mysql.sql loaded as its installer runs it,
 * under a prefix of the blogger's choosing (`tc_`, not the usual `typecho_`), with its rows.
 * @module-tag services
 */

const api = setupTestApi();
let maria: LocalMariadb;
let url = '';

beforeAll(async () => {
  maria = await startMariadb();
  // data.sql writes backslashes as they are (serialize()d PHP class names), as SQLite reads them.
  url = await maria.createDatabase(
    'typecho',
    `SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES');\n${installerSql('Mysql.sql', 'tc_')}`,
  );
}, 120_000);
afterAll(() => maria?.stop());

describe('import a Typecho database (MariaDB)', () => {
  typechoCases(
    api,
    () => url,
    () => `typecho:${new URL(url).host}/typecho/tc_`,
  );

  it('a prefix that holds no Typecho, or a wrong address, says so in Chinese', async () => {
    await expect(planFor(`${url}?prefix=wp_`, { mysql: LOCAL })).rejects.toThrow(
      '没有表前缀为 wp_ 的 Typecho 数据表',
    );
    await expect(planFor(url.replace('/typecho', '/nope'), { mysql: LOCAL })).rejects.toThrow(
      MYSQL_UNREACHABLE,
    );
  });
});
