import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appEnv, SERVER_COMMAND } from '../../scripts/local-services/cluster.ts';
import { proxySite } from '../../scripts/local-services/nginx.ts';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../src/server/net/caps.ts';

/**
 * No image can be pulled where the tests run, so the Dockerfile and compose.yaml
 * are held to what the cluster test runs (scripts/local-services/cluster.ts and nginx.ts): the same
 * command, the same settings for every app process, the same proxy configuration.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Service = { build?: string; image?: string; environment: Record<string, string>; volumes?: string[] };
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
const apps = Object.entries(compose.services).filter(([, s]) => s.build === '.');
const dockerfile = read('Dockerfile');
/** A compose variable as written in compose.yaml: `${NAME:-default}`. */
const v = (expr: string) => `\${${expr}}`;

describe('compose.yaml and the Dockerfile run what the cluster test runs', () => {
  it('has two app services with exactly the cluster test settings', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    for (const [name, app] of apps)
      expect(app.environment, name).toEqual(
        appEnv({
          host: '0.0.0.0',
          port: 4321,
          siteUrl: v('SITE_URL:-http://localhost:8080'),
          dataDir: '/data',
          uploadsDir: '/uploads',
          musicDir: '/music',
          databaseUrl: `postgres://blog:${v('POSTGRES_PASSWORD:-blog')}@postgres:5432/blog`,
          redisUrl: 'redis://redis:6379',
          adminUsername: v('ADMIN_USERNAME:-admin'),
          adminPassword: v('ADMIN_PASSWORD:?set ADMIN_PASSWORD'),
        }),
      );
  });

  it('gives each app its own DATA_DIR volume and all of them one uploads and one music volume', () => {
    const mounts = apps.map(
      ([, app]) => new Map(app.volumes?.map((v) => [v.split(':')[1], v.split(':')[0]])),
    );
    const data = mounts.map((m) => m.get('/data'));
    const uploads = mounts.map((m) => m.get('/uploads'));
    expect(new Set(data).size).toBe(apps.length);
    expect(data.every(Boolean)).toBe(true);
    expect(new Set(uploads)).toEqual(new Set(['uploads']));
    expect(new Set(mounts.map((m) => m.get('/music')))).toEqual(new Set(['music']));
  });

  it('runs the database, Redis and the proxy the apps name', () => {
    expect(compose.services.postgres.image).toBe('postgres:15');
    expect(compose.services.redis.image).toBe('redis:7');
    const env = apps[0][1].environment;
    expect(new URL(env.DATABASE_URL.replace(/\$\{[^}]*\}/, 'x')).host).toBe('postgres:5432');
    expect(new URL(env.REDIS_URL).host).toBe('redis:6379');
  });

  it("closes nginx's idle upstream connections before the apps close them", () => {
    // A server closing first can meet a request nginx just sent on that connection: a POST gets 502.
    const upstream = /upstream blog \{([^}]*)\}/.exec(read('deploy/nginx.conf'))?.[1] ?? '';
    const seconds = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1] ?? 60);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(seconds * 1000);
  });

  it('proxies with the cluster test nginx configuration, to every app', () => {
    const proxy = compose.services.proxy;
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    const upstreams = apps.map(([name, app]) => `${name}:${app.environment.PORT}`);
    expect(read('deploy/nginx.conf')).toBe(proxySite({ listen: '80', upstreams }));
  });

  it('builds in stages on Node 24, runs the built server as a non-root user, DATA_DIR a volume', () => {
    expect(dockerfile.match(/^FROM node:24\S* AS \w+$/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(/^USER (\S+)$/m.exec(dockerfile)?.[1]).toBe('node');
    expect(/^CMD (.+)$/m.exec(dockerfile)?.[1]).toBe(JSON.stringify(SERVER_COMMAND).replaceAll(',', ', '));
    expect(/^ENV DATA_DIR=(\S+)$/m.exec(dockerfile)?.[1]).toBe('/data');
    expect(/^VOLUME (.+)$/m.exec(dockerfile)?.[1]).toBe('["/data"]');
    // Nothing else is set in the image: every setting is compose.yaml's, checked above.
    expect(dockerfile.match(/^ENV /gm)).toHaveLength(1);
  });
});

describe('the API reference in a production install', () => {
  it('is drawn by the server from dependencies alone, with no bundle of its own', () => {
    const pkg = JSON.parse(read('package.json')) as Record<string, Record<string, string>>;
    // The packages the page's modules run with (type imports are erased): `npm ci --omit=dev` keeps them.
    const files = ['src/server/api/docs.ts', 'src/server/api/docs-page.ts', 'src/lib/api-reference.ts'];
    const packages = files.flatMap((file) =>
      [...read(file).matchAll(/^import (?!type )[^'\n]*'([^'.][^']*)'/gm)].map(([, spec]) =>
        spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0],
      ),
    );
    expect(packages).toContain('unified');
    expect(packages.filter((name) => !name.startsWith('node:') && !pkg.dependencies[name])).toEqual([]);
    // Nothing copied into dist/ at build time for it.
    expect(read('astro.config.mjs')).not.toMatch(/vendor|scalar/i);
  });
});
