import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../src/server/config.ts';

describe('configuration from the environment', () => {
  it('has its defaults', () => {
    const c = parseEnv({});
    expect(c.port).toBe(4321);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.musicDir).toBe(`${c.dataDir}/music`);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.musicApiUrl).toBeUndefined();
    expect(c.adminUsername).toBe('admin');
    expect(c.seedDemo).toBe(true);
    expect(c.trustProxy).toBe(false);
  });

  it('reads every variable', () => {
    const c = parseEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/blogdata',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/blog',
      MUSIC_DIR: '/tmp/music',
      MUSIC_API_URL: 'http://127.0.0.1:3000',
      JWT_SECRET: 'a-very-long-secret-value',
      ADMIN_USERNAME: 'owner1',
      ADMIN_PASSWORD: 'pw123456',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/blogdata',
      databaseUrl: 'postgres://u:p@127.0.0.1:5432/blog',
      musicDir: '/tmp/music',
      musicApiUrl: 'http://127.0.0.1:3000',
      jwtSecret: 'a-very-long-secret-value',
      adminUsername: 'owner1',
      adminPassword: 'pw123456',
      seedDemo: false,
      trustProxy: true,
    });
  });

  it('takes REDIS_URL as redis:// or rediss:// (empty: none) and REDIS_PREFIX with a default', () => {
    expect(parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(parseEnv({ REDIS_URL: 'rediss://u:p@cache.example:6380/2' }).redisUrl).toBe(
      'rediss://u:p@cache.example:6380/2',
    );
    expect(parseEnv({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(parseEnv({}).redisPrefix).toBe('blog:');
    expect(parseEnv({ REDIS_PREFIX: 'blog2:' }).redisPrefix).toBe('blog2:');
    expect(() => parseEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a URL/);
    expect(() => parseEnv({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX: must be/);
  });

  it('PG_POOL_MAX: 10 by default, a whole number from 1 to 1000', () => {
    expect(parseEnv({}).pgPoolMax).toBe(10);
    expect(parseEnv({ PG_POOL_MAX: '' }).pgPoolMax).toBe(10);
    expect(parseEnv({ PG_POOL_MAX: '1' }).pgPoolMax).toBe(1);
    expect(parseEnv({ PG_POOL_MAX: ' 40 ' }).pgPoolMax).toBe(40);
    expect(parseEnv({ PG_POOL_MAX: '1000' }).pgPoolMax).toBe(1000);
    for (const bad of ['0', '1001', '2.5', '-3', 'ten'])
      expect(() => parseEnv({ PG_POOL_MAX: bad }), bad).toThrow(
        /PG_POOL_MAX: must be a whole number from 1 to 1000/,
      );
  });

  it('PAGE_COUNTS_MAX_AGE: 60 seconds by default, a whole number from 0 to 300', () => {
    expect(parseEnv({}).pageCountsMaxAge).toBe(60);
    expect(parseEnv({ PAGE_COUNTS_MAX_AGE: '0' }).pageCountsMaxAge).toBe(0);
    expect(parseEnv({ PAGE_COUNTS_MAX_AGE: '300' }).pageCountsMaxAge).toBe(300);
    for (const bad of ['301', '-1', '1.5'])
      expect(() => parseEnv({ PAGE_COUNTS_MAX_AGE: bad }), bad).toThrow(/PAGE_COUNTS_MAX_AGE: must be/);
  });

  it.each(['abc', '-1', '70000', '80.5', ' '])('refuses PORT=%j with a clear error', (port) => {
    expect(() => parseEnv({ PORT: port })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: port })).toThrow(/PORT: must be/);
  });

  it('takes SITE_URL as an http(s) origin and SITE_ALIASES as host[:port] names', () => {
    const c = parseEnv({
      SITE_URL: 'https://blog.example',
      SITE_ALIASES: ' www.blog.example, 10.0.0.2:8080 ,',
    });
    expect(c.siteUrl).toBe('https://blog.example');
    expect(c.siteAliases).toEqual(['www.blog.example', '10.0.0.2:8080']);
    expect(parseEnv({}).siteAliases).toEqual([]);
    for (const bad of [
      'blog.example',
      'ftp://blog.example',
      'https://blog.example/blog',
      'https://u@blog.example',
    ])
      expect(() => parseEnv({ SITE_URL: bad }), bad).toThrow(/SITE_URL: must be/);
    expect(() => parseEnv({ SITE_ALIASES: 'ok.example, a@b' })).toThrow(
      /SITE_ALIASES: must be host\[:port\] names/,
    );
  });

  it('names every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'x', DATABASE_URL: 'mysql://h/db', SEED_DEMO: 'maybe', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      const text = (err as Error).message;
      expect(text).toMatch(/PORT/);
      expect(text).toMatch(/DATABASE_URL: must be a URL starting with postgres:\/\//);
      expect(text).toMatch(/SEED_DEMO/);
      expect(text).toMatch(/JWT_SECRET: must be at least 16/);
    }
  });

  it('UPLOADS_DIR: DATA_DIR/uploads unless set; JWT_SECRET unset leaves the key to the database', () => {
    const c = parseEnv({ DATA_DIR: '/tmp/blogdata' });
    expect(c.uploadsDir).toBe('/tmp/blogdata/uploads');
    expect(c.jwtSecret).toBe('');
    expect(parseEnv({ DATA_DIR: '/tmp/blogdata', UPLOADS_DIR: '/srv/shared/uploads' }).uploadsDir).toBe(
      '/srv/shared/uploads',
    );
  });
});
