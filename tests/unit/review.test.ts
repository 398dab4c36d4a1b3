import { describe, expect, it } from 'vitest';
import {
  countLinks,
  findBlockedWord,
  foldText,
  judge,
  parseWordList,
  type ReviewRules,
} from '../../src/lib/review.ts';
import { addressBlocked, addressListError } from '../../src/server/core/address-list.ts';

describe('blocked words', () => {
  it('folds width, compatibility forms and case before matching', () => {
    expect(foldText('ＶＸ：１２３')).toBe('vx:123');
    expect(foldText('ｶﾀｶﾅ')).toBe('カタカナ');
    const words = parseWordList('VX\n\n  代开发票  \nvx\r\n');
    expect(words).toEqual(['vx', '代开发票']);
    expect(findBlockedWord('加我ｖｘ聊', words)).toBe('vx');
    expect(findBlockedWord('加我 Vx 聊', words)).toBe('vx');
    expect(findBlockedWord('可以代开发票哦', words)).toBe('代开发票');
    expect(findBlockedWord('正常的评论', words)).toBeNull();
    expect(findBlockedWord('anything', [])).toBeNull();
  });

  it('a listed full-width word matches its half-width spelling too', () => {
    expect(findBlockedWord('buy CASINO chips', parseWordList('ｃａｓｉｎｏ'))).toBe('casino');
  });
});

describe('links', () => {
  it('counts http(s) and www addresses, full-width ones too', () => {
    expect(countLinks('没有链接')).toBe(0);
    expect(countLinks('看 https://a.example/x 和 http://b.example')).toBe(2);
    expect(countLinks('[站](https://a.example) www.b.example ｈｔｔｐｓ：／／ｃ.example')).toBe(3);
  });
});

describe('judge', () => {
  const rules: ReviewRules = {
    mode: 'off',
    words: ['vx'],
    wordsAction: 'pending',
    maxLinks: 1,
    linksAction: 'spam',
  };
  const guest = { isAdmin: false, hasPublished: false };
  const known = { isAdmin: false, hasPublished: true };

  it('off: everything clean goes live', () => {
    expect(judge('你好', rules, guest)).toBe('published');
  });
  it('first: only a person with nothing published waits', () => {
    expect(judge('你好', { ...rules, mode: 'first' }, guest)).toBe('pending');
    expect(judge('你好', { ...rules, mode: 'first' }, known)).toBe('published');
  });
  it('all: everything waits, except the admin', () => {
    expect(judge('你好', { ...rules, mode: 'all' }, known)).toBe('pending');
    expect(
      judge('vx https://a https://b', { ...rules, mode: 'all' }, { isAdmin: true, hasPublished: false }),
    ).toBe('published');
  });
  it('rules send to their action; spam wins over pending', () => {
    expect(judge('加ＶＸ', rules, known)).toBe('pending');
    expect(judge('https://a https://b', rules, known)).toBe('spam');
    expect(judge('https://a', rules, known)).toBe('published');
    expect(judge('vx https://a https://b', rules, known)).toBe('spam');
    expect(judge('https://a https://b', { ...rules, maxLinks: 0 }, known)).toBe('published');
  });
});

describe('blocked addresses', () => {
  const list = '203.0.113.7\n198.51.100.0/24\n2001:db8::/32\n';
  it('matches addresses and ranges of both families', () => {
    expect(addressBlocked('203.0.113.7', list)).toBe(true);
    expect(addressBlocked('203.0.113.8', list)).toBe(false);
    expect(addressBlocked('198.51.100.200', list)).toBe(true);
    expect(addressBlocked('::ffff:198.51.100.1', list)).toBe(true);
    expect(addressBlocked('2001:db8:1::5', list)).toBe(true);
    expect(addressBlocked('2001:db9::5', list)).toBe(false);
    expect(addressBlocked('not an address', list)).toBe(false);
    expect(addressBlocked('203.0.113.7', '')).toBe(false);
  });
  it('names the first bad line', () => {
    expect(addressListError(list)).toBeNull();
    expect(addressListError('1.2.3.4\n1.2.3.0/33')).toContain('第2行');
    expect(addressListError('example.com')).toContain('第1行');
    expect(addressListError('1.2.3.4/8/9')).toContain('第1行');
  });
});
