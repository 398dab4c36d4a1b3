import { describe, expect, it } from 'vitest';
import {
  GENERIC_WELCOME,
  GREETING_BANDS,
  greetingBand,
  SPECIAL_GREETING,
  welcomeFor,
  welcomeSay,
} from '../../src/lib/greeting.ts';

describe('greeting bands', () => {
  it.each([
    [0, '夜里好'],
    [4, '夜里好'],
    [5, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [17, '下午好'],
    [18, '傍晚好'],
    [19, '傍晚好'],
    [20, '晚上好'],
    [21, '晚上好'],
    [22, '夜深了'],
    [23, '夜深了'],
  ])('hour %d → %s', (hour, hello) => expect(greetingBand(hour).hello).toBe(hello));

  it('the bands cover every hour once', () => {
    for (let h = 0; h < 24; h++) {
      expect(GREETING_BANDS.filter((b) => h >= b.from && h < b.to)).toHaveLength(1);
    }
  });
});

describe('welcome lines', () => {
  it('builds the greeting from the nick name', () => {
    expect(welcomeSay('小鹿', 10)).toMatch(/^上午好，小鹿，/);
    expect(welcomeSay('小鹿', 23)).toMatch(/^夜深了，小鹿，/);
  });
  it('shows the generic line without a name', () => {
    expect(welcomeSay('', 10)).toBe(GENERIC_WELCOME);
    expect(welcomeSay(undefined, 10)).toBe(GENERIC_WELCOME);
    expect(welcomeFor(null, 10)).toBe(GENERIC_WELCOME);
  });
  it('has the special line for user id 3', () => {
    expect(welcomeFor({ id: 3, nick_name: '秋雨' }, 10)).toBe(SPECIAL_GREETING);
    expect(SPECIAL_GREETING).toBe('大佬光临，真是三生有幸');
    expect(welcomeFor({ id: 4, nick_name: '秋雨' }, 15)).toMatch(/^下午好，秋雨，/);
  });
});
