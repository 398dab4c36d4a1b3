import { describe, expect, test } from 'vitest';
import {
  addToCustom,
  afterPage,
  artistNames,
  FONT_BOUNDS,
  fromSearch,
  markActive,
  moreSearch,
  newSearch,
  nextIndex,
  nextPlayModel,
  progressPercent,
  removeFromCustom,
  SEARCH_PAGE_SIZE,
  sliderToVolume,
  stepFontSize,
  timeAtPercent,
  volumeToSlider,
} from '../../src/lib/music-rules.ts';

describe('play mode and next track', () => {
  test('mode cycles RANDOM → LISTLOOP → SINGLECYCLE → RANDOM', () => {
    expect(nextPlayModel('RANDOM')).toBe('LISTLOOP');
    expect(nextPlayModel('LISTLOOP')).toBe('SINGLECYCLE');
    expect(nextPlayModel('SINGLECYCLE')).toBe('RANDOM');
  });

  test('LISTLOOP wraps both ways; no current track goes to 0', () => {
    expect(nextIndex('LISTLOOP', 0, 3, 1)).toBe(1);
    expect(nextIndex('LISTLOOP', 2, 3, 1)).toBe(0);
    expect(nextIndex('LISTLOOP', 0, 3, -1)).toBe(2);
    expect(nextIndex('LISTLOOP', 2, 3, -1)).toBe(1);
    expect(nextIndex('LISTLOOP', -1, 3, 1)).toBe(0);
    expect(nextIndex('LISTLOOP', -1, 3, -1)).toBe(0);
  });

  test('SINGLECYCLE keeps the index', () => {
    expect(nextIndex('SINGLECYCLE', 1, 3, 1)).toBe(1);
    expect(nextIndex('SINGLECYCLE', 1, 3, -1)).toBe(1);
    expect(nextIndex('SINGLECYCLE', -1, 3)).toBe(0);
  });

  test('RANDOM retries once when it hits the current index; a one-item list returns it', () => {
    const seq =
      (...values: number[]) =>
      () =>
        values.shift() ?? 0;
    expect(nextIndex('RANDOM', 1, 4, 1, seq(0.3, 0.8))).toBe(3); // 1 → retry → 3
    expect(nextIndex('RANDOM', 1, 4, 1, seq(0.6))).toBe(2);
    expect(nextIndex('RANDOM', 1, 4, 1, seq(0.3, 0.3))).toBe(1); // only one retry
    expect(nextIndex('RANDOM', 0, 1, 1, seq(0.9))).toBe(0);
    expect(nextIndex('RANDOM', 0, 0)).toBe(-1);
  });
});

describe('progress, volume, font sizes', () => {
  test('percentage to two decimals within 0–100', () => {
    expect(progressPercent(10, 30)).toBe(33.33);
    expect(progressPercent(20, 30)).toBe(66.67);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, Number.NaN)).toBe(0);
    expect(progressPercent(40, 30)).toBe(100);
    expect(timeAtPercent(50, 30)).toBe(15);
    expect(timeAtPercent(150, 30)).toBe(30);
  });

  test('volume slider 0–100 ↔ 0–1', () => {
    expect(sliderToVolume(0)).toBe(0);
    expect(sliderToVolume(50)).toBe(0.5);
    expect(sliderToVolume(100)).toBe(1);
    expect(sliderToVolume(130)).toBe(1);
    expect(sliderToVolume(-4)).toBe(0);
    expect(volumeToSlider(0.5)).toBe(50);
    expect(volumeToSlider(0.333)).toBe(33);
  });

  test('font sizes move in 0.1 steps inside the bounds', () => {
    expect(FONT_BOUNDS).toEqual({ title: [1, 5], author: [0, 2.4], lyric: [1, 4] });
    expect(stepFontSize('title', 2, 1)).toBe(2.1);
    expect(stepFontSize('title', 5, 1)).toBe(5);
    expect(stepFontSize('title', 1, -1)).toBe(1);
    expect(stepFontSize('author', 0.1, -1)).toBe(0);
    expect(stepFontSize('author', 0, -1)).toBe(0);
    expect(stepFontSize('author', 2.3, 1)).toBe(2.4);
    expect(stepFontSize('lyric', 3.95, 1)).toBe(4);
    let v = 1;
    for (let i = 0; i < 7; i++) v = stepFontSize('lyric', v, 1);
    expect(v).toBe(1.7); // no floating drift
  });
});

describe('songs and the custom list', () => {
  test('artists joined by commas; a missing artist is 歌手走丢了', () => {
    expect(artistNames({ ar: [{ name: '阿青' }, { name: '小满' }] })).toBe('阿青,小满');
    expect(artistNames({ artists: [{ name: '林夕雨' }] })).toBe('林夕雨');
    expect(artistNames({ ar: [] })).toBe('歌手走丢了');
    expect(artistNames({})).toBe('歌手走丢了');
  });

  test('a search result is reshaped with ar, al.picUrl from the album artist image', () => {
    const song = fromSearch({
      id: 1,
      name: '纸飞机',
      artists: [{ id: 2, name: '阿青' }],
      album: { id: 3, name: '晨光小调', artist: { img1v1Url: '/c.png' } },
      duration: 2000,
    });
    expect(song).toEqual({
      id: 1,
      name: '纸飞机',
      ar: [{ id: 2, name: '阿青' }],
      al: { id: 3, name: '晨光小调', picUrl: '/c.png' },
      alia: [],
      dt: 2000,
      active: false,
    });
  });

  test('no duplicates; removing the last returns to TOP; active marks', () => {
    const a = { id: 1, name: 'a' };
    const b = { id: 2, name: 'b' };
    const one = addToCustom([], a);
    expect(one).toEqual({ list: [{ ...a, active: true }], added: true });
    expect(addToCustom(one.list, a).added).toBe(false);
    expect(addToCustom(one.list, a).list).toHaveLength(1);
    const two = addToCustom(one.list, b).list;
    expect(removeFromCustom(two, 1)).toEqual({ list: [{ ...b, active: true }], backToTop: false });
    expect(removeFromCustom([a], 1)).toEqual({ list: [], backToTop: true });
    expect(markActive([a, b], [b]).map((s) => s.active)).toEqual([false, true]);
  });
});

describe('search paging', () => {
  test('empty keyword clears without a request; a new search starts at 0', () => {
    expect(newSearch('   ')).toBeNull();
    expect(newSearch(' 纸飞机 ')).toEqual({ keywords: '纸飞机', offset: 0, loadMore: true });
  });
  test('more raises the offset by 20; an empty page stops and asks for the toast', () => {
    const s = newSearch('a') as NonNullable<ReturnType<typeof newSearch>>;
    expect(SEARCH_PAGE_SIZE).toBe(20);
    expect(moreSearch(s).offset).toBe(20);
    expect(moreSearch(moreSearch(s)).offset).toBe(40);
    expect(afterPage(s, 20, true)).toMatchObject({ loadMore: true, emptyToast: false });
    expect(afterPage(s, 5, false)).toMatchObject({ loadMore: false, emptyToast: false });
    expect(afterPage(s, 0, undefined)).toMatchObject({ loadMore: false, emptyToast: true });
  });
});
