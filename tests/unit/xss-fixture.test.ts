import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isImageUrl, linkApplyError } from '../../src/lib/community.ts';
import { sanitizeMarkup } from '../../src/lib/notify.ts';
import { escapeHtml, who } from '../../src/server/services/notify.ts';
import {
  buildPayloads,
  decodeForSinkCheck,
  PAYLOADS_FILE,
  type Payload,
  SINK_WORDS,
  serialize,
} from '../fixtures/xss/build.ts';

const committed = JSON.parse(readFileSync(PAYLOADS_FILE, 'utf8')) as Payload[];

describe('the XSS corpus (tests/fixtures/xss)', () => {
  it('is what its generator makes (run `npx node tests/fixtures/xss/build.ts` after changing it)', () => {
    expect(readFileSync(PAYLOADS_FILE, 'utf8')).toBe(serialize(buildPayloads()));
  });

  it('holds over 1,000 distinct payloads in every category', () => {
    expect(committed.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(committed.map((p) => p.payload)).size).toBe(committed.length);
    expect(committed.map((p) => p.id)).toEqual(committed.map((_, i) => i + 1));
    const counts = new Map<string, number>();
    for (const p of committed) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    for (const category of [
      'script',
      'event-handler',
      'url-scheme',
      'svg-mathml',
      'css',
      'meta-base-frame',
      'template',
      'breakout',
      'encoding',
      'polyglot',
      'markdown',
      'short',
    ])
      expect(counts.get(category) ?? 0, category).toBeGreaterThanOrEqual(20);
    // Short ones fit every name field whole (nick names and guest names: 20, link names: 30).
    expect(committed.filter((p) => p.payload.length <= 20).length).toBeGreaterThanOrEqual(80);
  });

  it('aims every payload at a detectable sink, behind whatever encoding it uses', () => {
    const without = committed.filter((p) => !SINK_WORDS.test(decodeForSinkCheck(p.payload)));
    expect(without).toEqual([]);
    // The decoder really decodes (so the check above is not reading plain text only).
    expect(decodeForSinkCheck('&#x61;lert(1)')).toBe('alert(1)');
    expect(decodeForSinkCheck('+ADw-script+AD4-')).toBe('<script>');
    expect(decodeForSinkCheck('\\u0061lert')).toBe('alert');
    expect(decodeForSinkCheck("atob('YWxlcnQoMSk=')")).toBe('alert(1)');
    expect(decodeForSinkCheck('java\tscript:')).toBe('javascript:');
  });

  it('is kept off the network: addresses a browser would fetch point at 127.0.0.1', () => {
    const hosts = committed.flatMap((p) =>
      [...p.payload.matchAll(/https?:\/\/([^/\s"'<>)]+)/g)].map((m) => m[1]),
    );
    expect(hosts.filter((h) => !/^(127\.0\.0\.1(:\d+)?|www\.w3\.org|;.*)$/.test(h))).toEqual([]);
  });
});

describe('pure sanitizers against the whole corpus', () => {
  it('notification markup keeps no tag but the bare safe set, whatever reaches the table', () => {
    const unsafe = /<(?!\/?(b|strong|i|em|u|br)>)/;
    for (const { payload } of committed) {
      for (const message of [payload, `${who(payload)} 评论了文章：${escapeHtml(payload)}`]) {
        const clean = sanitizeMarkup(message);
        expect(clean, payload).not.toMatch(unsafe);
        // Sanitizing is stable: what the server stored comes out of the drawer's pass unchanged.
        expect(sanitizeMarkup(clean)).toBe(clean);
      }
    }
  });

  it('a friend link takes only http(s) addresses as its address and its avatar', () => {
    const base = {
      site_name: 'x',
      site_desc: '',
      site_avatar: 'https://127.0.0.1:9/a.png',
      url: 'https://127.0.0.1:9/',
    };
    for (const { payload } of committed) {
      const scheme = /^https?:\/\//i.test(payload.trim());
      if (!scheme) {
        expect(linkApplyError({ ...base, url: payload }), payload).not.toBeNull();
        expect(linkApplyError({ ...base, site_avatar: payload }), payload).not.toBeNull();
        expect(isImageUrl(payload), payload).toBe(false);
      }
    }
  });
});
