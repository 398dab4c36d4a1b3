import { describe, expect, it } from 'vitest';
import { blockedWords } from '../../src/lib/blocked-words.ts';
import { countLinks, judge, type ReviewRules } from '../../src/lib/review.ts';
import { addressBlocked, addressListError } from '../../src/server/core/address-list.ts';

// The word rule's own cases: tests/unit/blocked-words.test.ts.

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
    words: blockedWords('vx'),
    wordsAction: 'pending',
    maxLinks: 1,
    linksAction: 'spam',
  };
  const guest = { isAdmin: false, hasPublished: false };
  const known = { isAdmin: false, hasPublished: true };

  const state = (...args: Parameters<typeof judge>) => judge(...args).state;

  it('off: everything clean goes live', () => {
    expect(judge('你好', rules, guest)).toEqual({ state: 'published', reason: '' });
  });
  it('first: only a person with nothing published waits', () => {
    expect(state('你好', { ...rules, mode: 'first' }, guest)).toBe('pending');
    expect(state('你好', { ...rules, mode: 'first' }, known)).toBe('published');
  });
  it('all: everything waits, except the admin', () => {
    expect(state('你好', { ...rules, mode: 'all' }, known)).toBe('pending');
    expect(
      state('vx https://a https://b', { ...rules, mode: 'all' }, { isAdmin: true, hasPublished: false }),
    ).toBe('published');
  });
  it('rules send to their action; spam wins over pending', () => {
    expect(state('加ＶＸ', rules, known)).toBe('pending');
    expect(state('https://a https://b', rules, known)).toBe('spam');
    expect(state('https://a', rules, known)).toBe('published');
    expect(state('vx https://a https://b', rules, known)).toBe('spam');
    expect(state('https://a https://b', { ...rules, maxLinks: 0 }, known)).toBe('published');
  });
  it('says why it held an item, in Chinese: the word as listed, the links, the mode', () => {
    const listed = { ...rules, words: blockedWords('代开发票\nＶＸ') };
    expect(judge('加 vx', listed, known).reason).toBe('含敏感词「ＶＸ」');
    expect(judge('https://a https://b https://c', rules, known).reason).toBe('含 3 个链接（上限 1 个）');
    expect(judge('vx https://a https://b', rules, known)).toEqual({
      state: 'spam',
      reason: '含敏感词「vx」；含 2 个链接（上限 1 个）',
    });
    expect(judge('你好', { ...rules, mode: 'first' }, guest).reason).toBe('首次评论或留言需审核');
    expect(judge('你好', { ...rules, mode: 'all' }, known).reason).toBe('全部需审核');
    expect(judge('你好', rules, known, ['v x']).reason).toBe('含敏感词「vx」');
    expect(judge('vx', rules, { isAdmin: true, hasPublished: false }).reason).toBe('');
  });
  it('a blocked word in what is shown beside the text (a tag) counts as one in the text', () => {
    expect(state('你好', rules, known, ['', 'v x'])).toBe('pending');
    expect(state('你好', rules, known, ['标签'])).toBe('published');
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
