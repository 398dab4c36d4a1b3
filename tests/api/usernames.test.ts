import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { db, dialect } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrations/index.ts';
import { hashPassword } from '../../src/server/services/auth.ts';
import { encodePng } from '../../src/server/services/music/png.ts';
import { ADMIN, guestCaptchaOff, setupTestApi } from './helpers.ts';
import { migrationsAfter, undoMigrationsFrom } from './undo-migrations.ts';

/** Usernames are unique after NFKC + lower-case folding; names may not pose as the blogger. */
const api = setupTestApi();

let nextIp = 1;
/** Each registration from its own address, so the registration limit stays out of the way. */
const register = (username: string, nick_name = '', ip = `10.5.0.${nextIp++}`) =>
  api.callFrom(ip, 'POST', '/api/user/register', { username, password: 'Passw0rd1', nick_name });
const login = (username: string, password: string) =>
  api.callFrom(`10.6.0.${nextIp++}`, 'POST', '/api/user/login', { username, password });

const TAKEN = { code: 100, message: '用户名已存在' };
const POSES = { code: 100, message: '昵称不能冒充博主' };

describe('usernames are unique after folding', () => {
  it('Admin and ａｄｍｉｎ cannot register beside admin', async () => {
    expect((await register('Admin', '新人甲')).json).toEqual(TAKEN);
    expect((await register('ａｄｍｉｎ', '新人乙')).json).toEqual(TAKEN);
    expect((await register('ＡＤＭＩＮ', '新人丙')).json).toEqual(TAKEN);
    expect((await register('CaseUser1', '新人丁')).json.code).toBe(0);
    expect((await register('caseuser1', '新人戊')).json).toEqual(TAKEN);
  });

  it('concurrent registrations of one folded name make one account', async () => {
    const names = ['RaceName1', 'racename1', 'RACENAME1', 'ＲａｃｅＮａｍｅ１', 'raceNAME1'];
    const answers = await Promise.all(names.map((n, i) => register(n, `赛跑${i}`)));
    expect(answers.filter((a) => a.json.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.json.code !== 0)) expect(a.json).toEqual(TAKEN);
    const rows = await db.selectFrom('user').select('id').where('username_key', '=', 'racename1').execute();
    expect(rows).toHaveLength(1);
  });

  it('a typed name logs in to the account with the same folded name', async () => {
    const res = await login('ＡＤＭＩＮ', ADMIN.password);
    expect(res.json.code).toBe(0);
    expect(res.json.result.id).toBe(api.adminId);
  });

  it('the migration keys old rows; old case-variant duplicates keep logging in by their exact name', async () => {
    // Back to a database from before the key, holding three accounts that fold alike.
    await db.schema.dropIndex('user_username_folded').execute();
    await db.schema.alterTable('user').dropColumn('username_key').execute();
    // Later migrations (0010: config.createdAt, 0011: the article bin, 0012: photo.status) did not exist
    // then either.
    await undoMigrationsFrom(db as never, dialect, '0011_article_admin');
    await db.schema.alterTable('config').dropColumn('createdAt').execute();
    await db.schema.dropIndex('photo_album_status').execute();
    await db.schema.alterTable('photo').dropColumn('status').execute();
    // …nor 0014 (user.disabled_at).
    await db.schema.alterTable('user').dropColumn('disabled_at').execute();
    await sql`DELETE FROM kysely_migration WHERE name = '0014_user_disabled'`.execute(db);
    await sql`DELETE FROM kysely_migration
      WHERE name IN ('0009_username_key', '0010_config_created', '0012_recycle_bins')`.execute(db);
    const stamp = new Date().toISOString();
    const ids: number[] = [];
    for (const [username, password] of [
      ['LegacyOne', 'Passw0rd!a'],
      ['legacyone', 'Passw0rd!b'],
      ['ＬＥＧＡＣＹＯＮＥ', 'Passw0rd!c'],
    ]) {
      const row = await sql<{ id: number }>`
        INSERT INTO "user" (username, password, nick_name, email, avatar, qq, role, ip, "createdAt", "updatedAt")
        VALUES (${username}, ${await hashPassword(password)}, ${username}, '', '', '', 2, '', ${stamp}, ${stamp})
        RETURNING id`.execute(db);
      ids.push(row.rows[0].id);
    }
    expect(await migrate(db as never, dialect)).toEqual([
      '0009_username_key',
      '0010_config_created',
      '0011_article_admin',
      '0012_recycle_bins',
      '0013_view_stats',
      '0014_user_disabled',
      '0015_audit_log',
      '0016_link_health',
      '0017_search_trgm',
      ...migrationsAfter('0017_search_trgm'),
    ]);

    const keys = await db
      .selectFrom('user')
      .select(['id', 'username_key'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(keys.map((k) => k.username_key)).toEqual(['legacyone', null, null]);
    expect(
      (await db.selectFrom('user').select('username_key').where('id', '=', api.adminId).executeTakeFirst())
        ?.username_key,
    ).toBe('admin');

    expect((await login('LegacyOne', 'Passw0rd!a')).json.result.id).toBe(ids[0]);
    expect((await login('legacyone', 'Passw0rd!b')).json.result.id).toBe(ids[1]);
    expect((await login('ＬＥＧＡＣＹＯＮＥ', 'Passw0rd!c')).json.result.id).toBe(ids[2]);
    expect((await login('LEGACYONE', 'Passw0rd!a')).json.result.id).toBe(ids[0]);
    expect((await register('legacyONE', '又一个')).json).toEqual(TAKEN);
  });
});

describe('names may not pose as the blogger', () => {
  it('register: a nick name (or, without one, the username) that reads as 博主 or the admin', async () => {
    expect((await register('posera01', '博\u200B主')).json).toEqual(POSES);
    expect((await register('posera02', '【博 主】')).json).toEqual(POSES);
    expect((await register('posera03', 'аdmin')).json).toEqual(POSES); // Cyrillic а
    expect((await register('【博 主】')).json).toEqual(POSES);
    expect((await register('posera04', '博主的朋友')).json).toEqual(POSES);
    expect((await register('posera05', '博学的朋友')).json.code).toBe(0);
  });

  it('updateOwnUserInfo: a user may not take such a nick name; the admin keeps theirs', async () => {
    const me = await api.user('poserb01');
    const put = (nick_name: string, token: string) =>
      api.call('PUT', '/api/user/updateOwnUserInfo', { nick_name }, token);
    expect((await put('博\u2060主', me.token)).json).toEqual(POSES);
    expect((await put('ＡＤＭＩＮ', me.token)).json).toEqual(POSES);
    expect((await put('愽主', me.token)).json).toEqual(POSES);
    expect((await put('读者一号', me.token)).json.code).toBe(0);
    expect((await put('博主', api.adminToken)).json.code).toBe(0);
    // Whatever the admin's nick name is now, it is the blogger's.
    expect((await put('老王', api.adminToken)).json.code).toBe(0);
    expect((await put('老 王', me.token)).json).toEqual(POSES);
  });

  it('guestbook: a guest name that reads as the blogger is refused', async () => {
    // The names, not the proof of work (tests/api/guest-guard.test.ts); the migration test above
    // rebuilt the switch with its default.
    await guestCaptchaOff();
    const add = (nick_name: string) =>
      api.callFrom(`10.7.0.${nextIp++}`, 'POST', '/api/message/add', { message: '你好', nick_name });
    expect((await add('博\u200D主')).json).toEqual(POSES);
    expect((await add('\uFEFF老王')).json).toEqual(POSES);
    expect((await add('Ａｄｍｉｎ')).json).toEqual(POSES);
    expect((await add('路过的人')).json.code).toBe(0);
  });
});

describe("names containing 博主 or the blog name, and the blogger's avatar", () => {
  const USERNAME_POSES = { code: 100, message: '用户名不能冒充博主' };
  const AVATAR = { code: 100, message: '不能使用博主的头像' };
  const put = (patch: object, token: string) => api.call('PUT', '/api/user/updateOwnUserInfo', patch, token);
  const adminPut = (patch: object) => api.call('PUT', '/api/user/adminUpdateUserInfo', patch, api.adminToken);
  const config = (patch: object) => api.call('POST', '/api/config/update', patch, api.adminToken);

  it('register: nick names and usernames containing 博主, ＢＯ主 or the blog name are refused', async () => {
    expect((await config({ blog_name: 'Moon小站' })).json.code).toBe(0);
    for (const nick of ['博主大人', 'ＢＯ主', '博 主', 'Moon小站', 'ＭＯＯＮ小站', 'moon 小站的站长'])
      expect((await register(`posec${nextIp}`, nick)).json, nick).toEqual(POSES);
    // Without a nick name the username is the name shown: the nick-name message.
    expect((await register('博主大人0001')).json).toEqual(POSES);
    // With one, the username may not pose either (the console and the personal center show it).
    for (const username of ['ＢＯ主0001', 'boss博主01', 'ＭＯＯＮ小站01'])
      expect((await register(username, '普通读者')).json, username).toEqual(USERNAME_POSES);
    expect((await register('posec0001', '月亮的读者')).json.code).toBe(0);
  });

  it('profile updates: the same names are refused to members, by themselves and by the owner', async () => {
    const me = await api.user('posed01');
    for (const nick of ['博主大人', 'ＢＯ主', '博 主', 'ｍｏｏｎ小站'])
      expect((await put({ nick_name: nick }, me.token)).json, nick).toEqual(POSES);
    expect((await adminPut({ id: me.id, nick_name: '博主大人' })).json).toEqual(POSES);
    expect((await put({ nick_name: '月亮的读者乙' }, me.token)).json.code).toBe(0);
    // The guestbook's guest names follow the same rule.
    const guest = (nick_name: string) =>
      api.callFrom(`10.7.1.${nextIp++}`, 'POST', '/api/message/add', { message: '你好', nick_name });
    expect((await guest('ＢＯ主')).json).toEqual(POSES);
    expect((await guest('Moon小站站长')).json).toEqual(POSES);
    // The admin may keep (and take) such names.
    expect((await put({ nick_name: 'Moon小站博主' }, api.adminToken)).json.code).toBe(0);
    expect((await adminPut({ id: api.adminId, nick_name: '博主大人' })).json.code).toBe(0);
  });

  it("a member may not take an admin's avatar or the blog's, however spelled; their own upload is fine", async () => {
    const me = await api.user('posee01');
    const face = '/uploads/2026-01/0123456789abcdef0123456789abcdef.png';
    expect((await put({ avatar: face }, api.adminToken)).json.code).toBe(0);
    for (const avatar of [
      face,
      ` ${face} `,
      `https://blog.example${face}`,
      `https://blog.example${face.replace('/2026-01/', '/2026-01//')}?v=2`,
    ])
      expect((await put({ avatar }, me.token)).json, avatar).toEqual(AVATAR);
    expect((await adminPut({ id: me.id, avatar: face })).json).toEqual(AVATAR);
    // The blog's avatar (the profile card's 博主头像) is the blogger's too.
    expect((await config({ blog_avatar: 'https://cdn.example/blog.png' })).json.code).toBe(0);
    expect((await put({ avatar: 'https://CDN.example/blog.png#me' }, me.token)).json).toEqual(AVATAR);

    const fd = new FormData();
    fd.append(
      'file',
      new File([new Uint8Array(encodePng(2, 2, () => [1, 2, 3]))], 'me.png', { type: 'image/png' }),
    );
    const upload = await api.call('POST', '/api/upload/img', fd, me.token);
    expect(upload.json.code).toBe(0);
    const mine = await put({ avatar: upload.json.result.url }, me.token);
    expect(mine.json.code).toBe(0);
    expect(mine.json.result.avatar).toBe(upload.json.result.url);
    expect((await put({ avatar: 'https://cdn.example/other.png' }, me.token)).json.code).toBe(0);
    // The admin keeps theirs.
    expect((await adminPut({ id: api.adminId, avatar: face })).json.code).toBe(0);
  });
});
