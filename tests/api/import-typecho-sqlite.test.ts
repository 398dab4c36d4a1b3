import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { setupTestApi } from './helpers.ts';
import { installerSql, typechoCases } from './import-typecho-cases.ts';

/**
 * Importing a Typecho blog from the SQLite file of Typecho's SQLite adapter: install/SQLite.sql as its
 * installer runs it (prefix `typecho_`), with the same rows as on MariaDB.
 */

const api = setupTestApi();
let file = '';

beforeAll(() => {
  file = path.join(config.dataDir, '6e1f3c2a9b.db');
  const sqlite = new DatabaseSync(file);
  sqlite.exec(installerSql('SQLite.sql', 'typecho_'));
  sqlite.close();
});

describe('import a Typecho database (SQLite file)', () => {
  typechoCases(
    api,
    () => file,
    () => 'typecho:6e1f3c2a9b.db',
  );

  it('an SQLite file that is not Typecho, or a broken one, is refused in Chinese', async () => {
    const other = path.join(config.dataDir, 'other.db');
    const sqlite = new DatabaseSync(other);
    sqlite.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    sqlite.close();
    await expect(planFor(other)).rejects.toThrow('other.db 是 SQLite 数据库，但不是 Typecho 的');
    const broken = path.join(config.dataDir, 'broken.db');
    writeFileSync(broken, Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(200, 7)]));
    await expect(planFor(broken)).rejects.toThrow(/无法(读取|打开) SQLite 数据库 broken\.db/);
  });
});
