/**
 * The run's PostgreSQL and Redis (tests/setup/services.ts) answer, with what the suite relies on.
 * @module-tag services
 */
import { connect } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serviceUrl } from '../setup/database.ts';

describe('local services of the test run', () => {
  it('PostgreSQL makes a database per file, with pg_trgm available', async () => {
    const admin = new pg.Client({ connectionString: serviceUrl('pgUrl') });
    await admin.connect();
    const name = `t_${Math.random().toString(36).slice(2, 10)}`;
    await admin.query(`create database ${name}`);
    await admin.end();
    const client = new pg.Client({
      connectionString: serviceUrl('pgUrl').replace(/\/postgres$/, `/${name}`),
    });
    await client.connect();
    await client.query('create extension pg_trgm');
    const { rows } = await client.query("select similarity('博客文章', '博客') > 0 as near");
    expect(rows[0].near).toBe(true);
    await client.end();
  });

  it('Redis answers PING', async () => {
    const { port } = new URL(serviceUrl('redisUrl'));
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(port), '127.0.0.1', () => s.write('PING\r\n'));
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString());
      });
      s.once('error', reject);
    });
    expect(answer).toBe('+PONG\r\n');
  });
});
