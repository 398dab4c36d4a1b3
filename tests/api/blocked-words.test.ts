import { beforeEach, describe, expect, it } from 'vitest';
import { NAME_BLOCKED } from '../../src/lib/names.ts';
import { db } from '../../src/server/db/connection.ts';
import { PLAIN_LOOK, setupTestApi, withoutGuestCaptcha } from './helpers.ts';

/**
 * The owner's blocked words (docs/security.md#blocked-words) against the ways a word is hidden:
 * invisible characters, 繁体 forms, separators between letters, look-alike letters, accents, full
 * width. Every variant gets the words rule's action (here 垃圾, shown to its author as 审核中) and is
 * stored exactly as written; innocent text that only has the letters across words goes live. Nick
 * names and guest names holding a word are refused.
 */
const api = setupTestApi();
withoutGuestCaptcha();
const admin = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

type Answer = { status: number; json: { code: number; message: string; result?: any } };
const ok = async (p: Promise<Answer>) => {
  const { json } = await p;
  expect(json.code, json.message).toBe(0);
  return json.result;
};

const WORDS = 'casino\nviagra\n代开发票\n赌博\nvx';

let article = 0;
beforeEach(async () => {
  await ok(admin('POST', '/api/config/update', { blocked_words: WORDS, blocked_words_action: 'spam' }));
  article = (
    await ok(
      admin('POST', '/api/article/add', {
        article_title: `词${Math.random()}`,
        article_content: '正文',
        status: 1,
      }),
    )
  ).id;
});

/** Posts a comment as a new member (one each: the per-user limit is not what is tested). */
const comment = async (content: string) => {
  const u = await api.user();
  const res = await ok(api.call('POST', '/api/comment/add', { type: 1, for_id: article, content }, u.token));
  const row = await db
    .selectFrom('comment')
    .select(['content', 'review_status'])
    .where('id', '=', res.id)
    .executeTakeFirstOrThrow();
  return { answered: res.review_status as string, ...row };
};

/** The variants of the report: 24 ways to write a listed word that each used to go live or not. */
const VARIANTS: [string, string][] = [
  ['ZWSP inside', '来玩 ca\u200Bsino'],
  ['ZWJ inside', 'cheap vi\u200Dagra'],
  ['WJ inside', 'cas\u2060ino night'],
  ['soft hyphen inside', 'via\u00ADgra pills'],
  ['BOM inside', '加我 v\uFEFFx'],
  ['ZWSP and ZWJ in Chinese', '可以代\u200B开\u200D发票'],
  ['繁体', '可以代開發票'],
  ['繁体 of another word', '線上賭博'],
  ['繁体 with a zero-width space', '代開\u200B發票找我'],
  ['spaces between letters', '来 c a s i n o 玩'],
  ['dots between letters', 'v.i.a.g.r.a'],
  ['hyphens between pieces', 'best ca-si-no'],
  ['spaces in Chinese', '需要代 开 发 票请联系'],
  ['full-width punctuation in Chinese', '代，开，发，票'],
  ['underscore in a short word', '加我v_x'],
  ['Cyrillic а and о', 'c\u0430sin\u043e'],
  ['Cyrillic а', 'vi\u0430gr\u0430'],
  ['Cyrillic с', '\u0441asino'],
  ['combining accents', 'ca\u0301si\u0308no'],
  ['precomposed accents', 'víágrà'],
  ['full-width letters', 'ＣＡＳＩＮＯ'],
  ['full width and case', 'ＶｉＡｇＲａ'],
  ['mixed: full width, ZWSP, Cyrillic, spaces, accent', 'Ｃ\u200B\u0430 s і\u0301 n \u043e'],
  ['mixed: 繁体, space, soft hyphen', '代開 發\u00AD票'],
];

describe('blocked words however they are written', () => {
  it.each(VARIANTS)('%s: held as the rule says, stored as written', async (_, text) => {
    const c = await comment(text);
    expect(c.review_status).toBe('spam');
    expect(c.answered).toBe('pending');
    expect(c.content).toBe(text);
  });

  it("the rule's other action holds them for review the same way", async () => {
    await ok(admin('POST', '/api/config/update', { blocked_words_action: 'pending' }));
    for (const [, text] of [VARIANTS[0], VARIANTS[6], VARIANTS[15]])
      expect((await comment(text)).review_status).toBe('pending');
  });

  it.each([
    'I was sad', // w[as s]ad is not "ass"-style whole pieces: nothing listed matches
    'dev x-axis', // de[v x]: the v ends a longer word
    'Mrs. Casi nominated', // [casi nomi]nated: the word runs into a longer one
    '代码开发票务系统',
    '欢迎来玩',
  ])('innocent %j goes live', async (text) => {
    expect((await comment(text)).review_status).toBe('published');
  });

  it('a guest message with a hidden word, or a tag holding one, is held; so is an edit into one', async () => {
    const guest = (ip: string, body: object) =>
      ok(api.callFrom(ip, 'POST', '/api/message/add', { ...PLAIN_LOOK, nick_name: '路人', ...body }));
    const stateOf = async (id: number) =>
      await db
        .selectFrom('message')
        .select(['message', 'tag', 'review_status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const m1 = await guest('10.7.0.1', { message: '代開\u200B發票' });
    expect(await stateOf(m1.id)).toEqual({ message: '代開\u200B發票', tag: '', review_status: 'spam' });
    const m2 = await guest('10.7.0.2', { message: '你好', tag: 'v x' });
    expect((await stateOf(m2.id)).review_status).toBe('spam');

    const u = await api.user();
    const mine = await ok(api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '干净' }, u.token));
    expect((await stateOf(mine.id)).review_status).toBe('published');
    await ok(
      api.call('POST', '/api/message/update', { ...PLAIN_LOOK, id: mine.id, message: '賭\u00AD博' }, u.token),
    );
    expect((await stateOf(mine.id)).review_status).toBe('spam');
  });
});

describe('names', () => {
  const count = async (table: 'user' | 'message') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('registration refuses a nick name holding a word (or a username shown in its place)', async () => {
    const before = await count('user');
    const register = (ip: string, body: object) =>
      api.callFrom(ip, 'POST', '/api/user/register', { password: 'Passw0rd!', ...body });
    for (const [i, nick] of ['Ｃ\u0430sino王', '代開發票', 'v.x'].entries()) {
      const res = await register(`10.8.0.${i + 1}`, { username: `nick${i}blk`, nick_name: nick });
      expect(res.json).toMatchObject({ code: 100, message: NAME_BLOCKED });
    }
    const bare = await register('10.8.0.9', { username: 'casino88' });
    expect(bare.json).toMatchObject({ code: 100, message: NAME_BLOCKED });
    expect(await count('user')).toBe(before);
    expect((await register('10.8.0.10', { username: 'plainname', nick_name: '小明' })).json.code).toBe(0);
  });

  it('the personal center refuses such a nick name and keeps the old one', async () => {
    const u = await api.user();
    const res = await api.call('PUT', '/api/user/updateOwnUserInfo', { nick_name: 'vi\u200Bagra' }, u.token);
    expect(res.json).toMatchObject({ code: 100, message: NAME_BLOCKED });
    const row = await db
      .selectFrom('user')
      .select('nick_name')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.nick_name).toBe(`昵称${u.username}`);
    expect(
      (await api.call('PUT', '/api/user/updateOwnUserInfo', { nick_name: '新名字' }, u.token)).json.code,
    ).toBe(0);
  });

  it('a guest name holding a word is refused and nothing is stored', async () => {
    const before = await count('message');
    for (const [i, name] of ['賭博王', 'c a s i n o', 'ＶＸ'].entries()) {
      const res = await api.callFrom(`10.9.1.${i + 1}`, 'POST', '/api/message/add', {
        ...PLAIN_LOOK,
        message: '路过',
        nick_name: name,
      });
      expect(res.json).toMatchObject({ code: 100, message: NAME_BLOCKED });
    }
    expect(await count('message')).toBe(before);
  });
});
