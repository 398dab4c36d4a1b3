import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_FIELDS } from '../../src/lib/site-profile.ts';
import type { Payload } from '../fixtures/xss/build.ts';
import { setupTestApi } from './helpers.ts';

/** The site config and the page banners take http(s) or site paths only. */
const api = setupTestApi();

const REFUSED = '请填写以 http://、https:// 或 / 开头的地址';
const BAD = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '\u0001javascript:alert(1)',
  // Paths that a browser reads as another host.
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  '/\t/evil.example/a.png',
];
/** The XSS corpus's address payloads (encoded, spaced, mixed case), as the e2e suite sends them. */
const CORPUS = (
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../fixtures/xss/payloads.json'), 'utf8'),
  ) as Payload[]
)
  .filter((p) => p.category === 'url-scheme' && !p.payload.startsWith('<'))
  .map((p) => p.payload);
const GOOD = ['https://example.com/a.png', 'http://example.com/', '/uploads/2026-01/a.png', ''];
/** Every address field of the config, as the console's form knows them. */
const URL_FIELDS = PROFILE_FIELDS.filter((f) => f.kind === 'image' || f.kind === 'link').map((f) => f.key);

const config = async () => (await api.call('GET', '/api/config')).json.result;

describe('site config address fields', () => {
  it('are all checked (twelve of them)', () => {
    expect(URL_FIELDS).toHaveLength(12);
  });

  it.each(URL_FIELDS)('%s refuses javascript:, data: and other schemes, and keeps its value', async (key) => {
    const before = (await config())[key];
    for (const value of BAD) {
      const res = await api.call('POST', '/api/config/update', { [key]: value }, api.adminToken);
      expect(res.json.code, value).toBe(100);
      expect(res.json.message, value).toContain(REFUSED);
    }
    expect((await config())[key]).toBe(before);
  });

  it.each(URL_FIELDS)('%s takes http(s), site paths and nothing', async (key) => {
    for (const value of GOOD) {
      const res = await api.call('POST', '/api/config/update', { [key]: value }, api.adminToken);
      expect(res.json.code, value).toBe(0);
      expect((await config())[key]).toBe(value.trim());
    }
  });

  it('refuse every address payload of the XSS corpus', async () => {
    expect(CORPUS.length).toBeGreaterThan(50);
    const accepted: string[] = [];
    for (const value of CORPUS) {
      const res = await api.call('POST', '/api/config/update', { blog_avatar: value }, api.adminToken);
      if (res.json.code !== 100) accepted.push(value);
    }
    expect(accepted).toEqual([]);
  });

  it('text fields are not addresses', async () => {
    const res = await api.call('POST', '/api/config/update', { personal_say: 'data: 今天' }, api.adminToken);
    expect(res.json.code).toBe(0);
  });
});

describe('page banners', () => {
  const save = (bg_url: string) =>
    api.call('POST', '/api/pageHeader/addOrUpdate', { route_name: 'Talk', bg_url }, api.adminToken);

  it('refuse javascript:, data: and other schemes', async () => {
    for (const value of [...BAD, ...CORPUS]) {
      const res = await save(value);
      expect(res.json.code, value).toBe(100);
      expect(res.json.message, value).toContain(REFUSED);
    }
    expect((await api.call('GET', '/api/pageHeader/getAll')).json.result).toEqual([]);
  });

  it('take http(s) and site paths', async () => {
    for (const value of GOOD.filter(Boolean)) expect((await save(value)).json.code, value).toBe(0);
    const list = (await api.call('GET', '/api/pageHeader/getAll')).json.result;
    expect(list).toEqual([{ id: expect.any(Number), route_name: 'Talk', bg_url: '/uploads/2026-01/a.png' }]);
    expect((await save('')).json.message).toContain('请填写背景图地址');
  });
});

describe('the site visit counter', () => {
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
  const visit = (ip: string, ua = FIREFOX) =>
    api.callFrom(ip, 'PUT', '/api/config/addView', undefined, undefined, { 'user-agent': ua });

  it('counts a visitor once a day, however often they call; each other visitor once', async () => {
    const before = (await config()).view_time as number;
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push((await visit('198.51.100.30')).json);
    expect(answers[0]).toEqual({ code: 0, message: '成功', result: { view_time: before + 1 } });
    // Every later answer gives the count as it is.
    expect(answers.every((a) => a.result.view_time === before + 1)).toBe(true);
    expect((await config()).view_time).toBe(before + 1);
    // Another address; the same address with another browser: a visitor each.
    expect((await visit('198.51.100.31')).json.result).toEqual({ view_time: before + 2 });
    expect((await visit('198.51.100.30', 'curl/8.5.0')).json.result).toEqual({ view_time: before + 3 });
    expect((await visit('198.51.100.31')).json.result).toEqual({ view_time: before + 3 });
    // A burst of one visitor at once counts once too.
    await Promise.all(Array.from({ length: 20 }, () => visit('198.51.100.32')));
    expect((await config()).view_time).toBe(before + 4);
  });
});

/** The footer's ICP filing number is a setting, empty by default (hidden). */
describe('icp_number', () => {
  it('is empty on a new site, and the admin sets and clears it', async () => {
    expect((await config()).icp_number).toBe('');
    const set = await api.call(
      'POST',
      '/api/config/update',
      { icp_number: ' 京ICP备12345678号-1 ' },
      api.adminToken,
    );
    expect(set.json.code).toBe(0);
    expect((await config()).icp_number).toBe('京ICP备12345678号-1');
    await api.call('POST', '/api/config/update', { icp_number: '' }, api.adminToken);
    expect((await config()).icp_number).toBe('');
  });

  it('is text of at most 50 characters, and only the admin writes it', async () => {
    const long = await api.call(
      'POST',
      '/api/config/update',
      { icp_number: '备'.repeat(51) },
      api.adminToken,
    );
    expect(long.json.code).toBe(100);
    const user = await api.call('POST', '/api/config/update', { icp_number: 'x' });
    expect(user.status).toBe(401);
    expect((await config()).icp_number).toBe('');
  });
});
