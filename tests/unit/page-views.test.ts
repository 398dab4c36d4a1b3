import { describe, expect, it } from 'vitest';
import {
  chinaDay,
  chinaDayStart,
  isPageViewPath,
  isRobot,
  lastChinaDays,
  nextChinaMidnight,
} from '../../src/lib/page-views.ts';

describe('China-time days of the view counts', () => {
  it('a day runs from 16:00 UTC to 16:00 UTC', () => {
    expect(chinaDay(Date.parse('2020-03-01T15:59:59.999Z'))).toBe('2020-03-01');
    expect(chinaDay(Date.parse('2020-03-01T16:00:00.000Z'))).toBe('2020-03-02');
    expect(chinaDayStart('2020-03-02')).toBe(Date.parse('2020-03-01T16:00:00.000Z'));
    expect(nextChinaMidnight(Date.parse('2020-03-01T15:59:59.999Z'))).toBe(
      Date.parse('2020-03-01T16:00:00.000Z'),
    );
    expect(nextChinaMidnight(Date.parse('2020-03-01T16:00:00.000Z'))).toBe(
      Date.parse('2020-03-02T16:00:00.000Z'),
    );
  });

  it('the last days end with today, oldest first, across months and leap days', () => {
    expect(lastChinaDays(Date.parse('2020-03-01T16:30:00.000Z'), 3)).toEqual([
      '2020-02-29',
      '2020-03-01',
      '2020-03-02',
    ]);
  });
});

describe('what is a page view', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0 Safari/537.36', false],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0)', true],
    ['Baiduspider+(+http://www.baidu.com/search/spider.htm)', true],
    ['Sogou web spider/4.0', true],
    ['facebookexternalhit/1.1', true],
    ['curl/8.5.0', true],
    ['python-requests/2.31', true],
    ['Go-http-client/1.1', true],
    ['node-fetch', true],
    ['', true],
    [undefined, true],
  ])('%j is a robot: %j', (ua, robot) => expect(isRobot(ua)).toBe(robot));

  it.each([
    ['/', true],
    ['/home', true],
    ['/article?id=3', true],
    ['/administrator-notes', true],
    ['/admin', false],
    ['/admin/articles', false],
    ['/Admin?x=1', false],
    ['/api/config', false],
    ['/wapi/song/url', false],
    ['/_astro/a.js', false],
    ['/uploads/a.png', false],
    ['/rss.xml', false],
    ['/sitemap.xml?x=1', false],
    ['/robots.txt', false],
    ['/rss.xml.html', true],
  ])('%s is a visitor page: %j', (url, page) => expect(isPageViewPath(url)).toBe(page));
});
