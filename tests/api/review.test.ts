import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { PLAIN_LOOK, setupTestApi, withoutGuestCaptcha } from './helpers.ts';

/**
 * The moderation queue (docs/owner-guide.md#评论审核): the states of comments and guestbook messages,
 * who sees a waiting one, the `first` and `all` modes, the word, link and address rules and the
 * owner's verdicts (PUT /api/comment/review, /api/message/review).
 */
const api = setupTestApi();
// Guests' messages here are about review, not the proof of work.
withoutGuestCaptcha();
const admin = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

type Answer = { status: number; json: { code: number; message: string; result?: any } };
const ok = async (p: Promise<Answer>) => {
  const { json } = await p;
  expect(json.code, json.message).toBe(0);
  return json.result;
};
const settings = (patch: Record<string, unknown>) => ok(admin('POST', '/api/config/update', patch));
const DEFAULTS = {
  comment_review: 'off',
  blocked_words: '',
  blocked_words_action: 'pending',
  max_links_per_comment: 0,
  links_action: 'pending',
  blocked_ips: '',
};

let article = 0;
beforeEach(async () => {
  await settings(DEFAULTS);
  article = (
    await ok(
      admin('POST', '/api/article/add', {
        article_title: `审核${Math.random()}`,
        article_content: '正文',
        status: 1,
      }),
    )
  ).id;
});

const comment = (token: string | undefined, content: string, ip = '127.0.0.1') =>
  api.callFrom(ip, 'POST', '/api/comment/add', { type: 1, for_id: article, content }, token);
const parents = async (token?: string) =>
  (
    await ok(
      api.call(
        'POST',
        '/api/comment/frontGetParentComment',
        { type: 1, for_id: article, current: 1, size: 50 },
        token,
      ),
    )
  ).list as { id: number; content: string; review_status: string }[];
const total = async () =>
  (await ok(api.call('POST', '/api/comment/getCommentTotal', { type: 1, for_id: article }))) as number;
const notices = async (userId: number) =>
  (await db.selectFrom('notify').select('message').where('user_id', '=', userId).execute()).map(
    (n) => n.message,
  );
const stateOf = async (table: 'comment' | 'message', id: number) =>
  (await db.selectFrom(table).select('review_status').where('id', '=', id).executeTakeFirstOrThrow())
    .review_status;

describe('review settings', () => {
  it('default to today: everything goes live; the lists are not on the public config', async () => {
    expect(await ok(admin('GET', '/api/config/review'))).toEqual(DEFAULTS);
    const pub = await ok(api.call('GET', '/api/config'));
    expect(pub).not.toHaveProperty('blocked_words');
    expect(pub).not.toHaveProperty('blocked_ips');
    const alice = await api.user();
    const { json } = await comment(alice.token, '第一条评论');
    expect(json.message).toBe('评论成功');
    expect(json.result.review_status).toBe('published');
    expect(await total()).toBe(1);
  });

  it('refuses bad values with a Chinese message', async () => {
    for (const bad of [
      { comment_review: 'sometimes' },
      { blocked_words_action: 'delete' },
      { max_links_per_comment: -1 },
      { blocked_ips: '1.2.3.4\nexample.com' },
      { blocked_ips: '10.0.0.0/40' },
    ]) {
      const { json } = await admin('POST', '/api/config/update', bad);
      expect(json.code, JSON.stringify(bad)).not.toBe(0);
      expect(json.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await ok(admin('GET', '/api/config/review'))).toEqual(DEFAULTS);
  });
});

describe('all: every comment waits', () => {
  it('the author sees 审核中, nobody else does, counts and notices wait for approval', async () => {
    await settings({ comment_review: 'all' });
    const alice = await api.user();
    const bob = await api.user();
    const { json } = await comment(alice.token, '等待审核的评论');
    expect(json.code).toBe(0);
    expect(json.message).toBe('已提交，站长审核通过后显示');
    expect(json.result.review_status).toBe('pending');
    const id = json.result.id as number;

    expect((await parents(alice.token)).map((c) => [c.id, c.review_status])).toEqual([[id, 'pending']]);
    expect(await parents(bob.token)).toEqual([]);
    expect(await parents()).toEqual([]);
    expect(await total()).toBe(0);
    expect(await notices(api.adminId)).not.toContainEqual(expect.stringContaining('等待审核的评论'));
    const counts = await ok(admin('GET', '/api/comment/reviewCounts'));
    expect(counts.pending).toBeGreaterThanOrEqual(1);

    // Nobody answers a comment they cannot see.
    const reply = await api.call(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: article, content: '回复', parent_id: id, to_id: alice.id },
      bob.token,
    );
    expect(reply.json.code).not.toBe(0);

    const approved = await ok(admin('PUT', '/api/comment/review', { idList: [id], status: 'published' }));
    expect(approved).toBe(1);
    expect((await parents()).map((c) => [c.id, c.review_status])).toEqual([[id, 'published']]);
    expect(await total()).toBe(1);
    expect(await notices(api.adminId)).toContainEqual(expect.stringContaining('等待审核的评论'));
    expect((await ok(admin('GET', '/api/comment/reviewCounts'))).pending).toBe(counts.pending - 1);

    // Approving again changes nothing and notifies nobody twice.
    expect(await ok(admin('PUT', '/api/comment/review', { idList: [id], status: 'published' }))).toBe(0);
    expect((await notices(api.adminId)).filter((m) => m.includes('等待审核的评论'))).toHaveLength(1);

    await ok(admin('PUT', '/api/comment/review', { idList: [id], status: 'spam' }));
    expect(await parents()).toEqual([]);
    expect(await total()).toBe(0);
  });

  it('a waiting reply notifies nobody until approved, then the person replied to', async () => {
    const alice = await api.user();
    const bob = await api.user();
    const parent = (await ok(comment(alice.token, '公开的评论'))).id as number;
    await settings({ comment_review: 'all' });
    const reply = await ok(
      api.call(
        'POST',
        '/api/comment/apply',
        { type: 1, for_id: article, content: '待审核的回复', parent_id: parent, to_id: alice.id },
        bob.token,
      ),
    );
    expect(reply.review_status).toBe('pending');
    expect(await notices(alice.id)).toEqual([]);
    const children = async (token?: string) =>
      (
        await ok(
          api.call(
            'POST',
            '/api/comment/frontGetChildrenComment',
            { parent_id: parent, current: 1, size: 10 },
            token,
          ),
        )
      ).list as { id: number }[];
    expect(await children()).toEqual([]);
    expect((await children(bob.token)).map((c) => c.id)).toEqual([reply.id]);
    expect((await parents())[0]).toMatchObject({ childrenTotal: 0, childrenList: [] });

    await ok(admin('PUT', '/api/comment/review', { idList: [reply.id], status: 'published' }));
    expect(await notices(alice.id)).toEqual([expect.stringContaining('回复了你的评论：待审核的回复')]);
    expect((await children()).map((c) => c.id)).toEqual([reply.id]);
  });

  it("the admin's own comments go live", async () => {
    await settings({ comment_review: 'all' });
    expect((await ok(comment(api.adminToken, '博主的评论'))).review_status).toBe('published');
  });
});

describe('first: a person waits once', () => {
  it('a member by account: the first waits, after approval the next goes live', async () => {
    await settings({ comment_review: 'first' });
    const carol = await api.user();
    const first = await ok(comment(carol.token, '第一次评论'));
    expect(first.review_status).toBe('pending');
    const second = await ok(comment(carol.token, '第二次评论'));
    expect(second.review_status).toBe('pending');
    await ok(admin('PUT', '/api/comment/review', { idList: [first.id], status: 'published' }));
    expect((await ok(comment(carol.token, '第三次评论'))).review_status).toBe('published');
    // A published guestbook message makes a member known too.
    const dave = await api.user();
    const msg = await ok(
      api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '你好' }, dave.token),
    );
    expect(msg.review_status).toBe('pending');
    await ok(admin('PUT', '/api/message/review', { idList: [msg.id], status: 'published' }));
    expect((await ok(comment(dave.token, '留言之后的评论'))).review_status).toBe('published');
  });

  it('a guest by the name they type together with their address', async () => {
    await settings({ comment_review: 'first' });
    const add = (ip: string, nick_name: string) =>
      ok(api.callFrom(ip, 'POST', '/api/message/add', { ...PLAIN_LOOK, message: '游客留言', nick_name }));
    const first = await add('198.51.100.10', '路人甲');
    expect(first.review_status).toBe('pending');
    await ok(admin('PUT', '/api/message/review', { idList: [first.id], status: 'published' }));
    expect((await add('198.51.100.10', '路人甲')).review_status).toBe('published');
    expect((await add('198.51.100.11', '路人甲')).review_status).toBe('pending');
    expect((await add('198.51.100.10', '路人乙')).review_status).toBe('pending');
  });
});

describe('guestbook messages in the queue', () => {
  it('wait off the guestbook, its tags and the 弹幕 view; the member author and the admin see them', async () => {
    await settings({ comment_review: 'all' });
    const erin = await api.user();
    const { json } = await api.call(
      'POST',
      '/api/message/add',
      { ...PLAIN_LOOK, message: '待审核的留言', tag: '审核标签' },
      erin.token,
    );
    expect(json.message).toBe('留言已提交，站长审核通过后显示');
    const id = json.result.id as number;
    const list = async (token?: string, extra: Record<string, unknown> = {}) =>
      (await ok(api.call('POST', '/api/message/getMessageList', { current: 1, size: 50, ...extra }, token)))
        .list as {
        id: number;
        review_status: string;
      }[];
    expect((await list()).map((m) => m.id)).not.toContain(id);
    expect((await list(erin.token)).find((m) => m.id === id)?.review_status).toBe('pending');
    expect((await list(api.adminToken, { review_status: 'pending' })).map((m) => m.id)).toContain(id);
    expect((await list(api.adminToken, { review_status: 'published' })).map((m) => m.id)).not.toContain(id);
    const all = await ok(api.call('GET', '/api/message/getAllMessage'));
    expect(all.list.map((m: { id: number }) => m.id)).not.toContain(id);
    const tags = await ok(api.call('GET', '/api/message/getHotTagList'));
    expect(tags.map((t: { tag: string }) => t.tag)).not.toContain('审核标签');
    // Its comment thread is not open while it waits.
    const c = await api.call(
      'POST',
      '/api/comment/add',
      { type: 3, for_id: id, content: '抢先评论' },
      erin.token,
    );
    expect(c.json.code).not.toBe(0);

    await ok(admin('PUT', '/api/message/review', { idList: [id], status: 'published' }));
    expect((await list()).map((m) => m.id)).toContain(id);
    expect(await notices(api.adminId)).toContainEqual(expect.stringContaining('待审核的留言'));
  });
});

describe('word, link and address rules', () => {
  it('a blocked word sends to its action, folded (ＶＸ matches vx); the author sees only 审核中', async () => {
    await settings({ blocked_words: 'ＶＸ\n代开发票', blocked_words_action: 'spam' });
    const frank = await api.user();
    const spam = await ok(comment(frank.token, '加我 vx 有惊喜'));
    expect(spam.review_status).toBe('pending');
    expect(await stateOf('comment', spam.id)).toBe('spam');
    expect((await parents(frank.token)).map((c) => [c.id, c.review_status])).toEqual([[spam.id, 'pending']]);
    expect(await parents()).toEqual([]);
    const clean = await ok(comment(frank.token, '正常评论'));
    expect(await stateOf('comment', clean.id)).toBe('published');

    // An edit that adds a word takes a live message back off the guestbook.
    const msg = await ok(
      api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '干净的留言' }, frank.token),
    );
    expect(await stateOf('message', msg.id)).toBe('published');
    await ok(
      api.call(
        'POST',
        '/api/message/update',
        { ...PLAIN_LOOK, id: msg.id, message: '可以代开发票' },
        frank.token,
      ),
    );
    expect(await stateOf('message', msg.id)).toBe('spam');
  });

  it('more links than the limit sends to its action', async () => {
    await settings({ max_links_per_comment: 1, links_action: 'pending' });
    const gina = await api.user();
    expect((await ok(comment(gina.token, '看 https://a.example'))).review_status).toBe('published');
    const many = await ok(comment(gina.token, '看 https://a.example 和 www.b.example'));
    expect(await stateOf('comment', many.id)).toBe('pending');
  });

  it('a blocked address (IPv4 or IPv6, address or range) is refused outright', async () => {
    await settings({ blocked_ips: '203.0.113.0/24\n2001:db8::/32' });
    const hank = await api.user();
    const before = await db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const ip of ['203.0.113.9', '2001:db8::1']) {
      const refused = await comment(hank.token, '被屏蔽的评论', ip);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe('你所在的网络地址已被站长禁止评论和留言');
      const msg = await api.callFrom(ip, 'POST', '/api/message/add', {
        ...PLAIN_LOOK,
        message: '被屏蔽',
        nick_name: '甲',
      });
      expect(msg.status).toBe(403);
    }
    const after = await db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await comment(hank.token, '别处来的', '198.51.100.1')).json.code).toBe(0);
  });
});

describe('why an item was held', () => {
  const queue = async () =>
    (
      await ok(
        admin('POST', '/api/comment/getModerationList', { current: 1, size: 50, type: 0, review_status: '' }),
      )
    ).list as { kind: string; id: number; review_status: string; review_reason: string }[];
  const reasonOf = async (kind: string, id: number) =>
    (await queue()).find((r) => r.kind === kind && r.id === id)?.review_reason;

  it('is stored when it is held and answered in the console list: the word, the links, the mode', async () => {
    await settings({
      blocked_words: '代开发票\nvx',
      blocked_words_action: 'pending',
      max_links_per_comment: 2,
      links_action: 'spam',
    });
    const kim = await api.user();
    const word = await ok(comment(kim.token, '需要代开发票的联系我'));
    const links = await ok(comment(kim.token, '看 https://a.example https://b.example www.c.example'));
    const both = await ok(comment(kim.token, '加 VX：https://a.example https://b.example https://c.example'));
    const clean = await ok(comment(kim.token, '写得真好'));
    expect(await reasonOf('comment', word.id)).toBe('含敏感词「代开发票」');
    expect(await reasonOf('comment', links.id)).toBe('含 3 个链接（上限 2 个）');
    expect(await stateOf('comment', both.id)).toBe('spam');
    expect(await reasonOf('comment', both.id)).toBe('含敏感词「vx」；含 3 个链接（上限 2 个）');
    expect(await reasonOf('comment', clean.id)).toBe('');

    await settings({ comment_review: 'all' });
    expect(await reasonOf('comment', (await ok(comment(kim.token, '又一条'))).id)).toBe('全部需审核');
    await settings({ comment_review: 'first' });
    const guest = await ok(
      api.callFrom('203.0.113.77', 'POST', '/api/message/add', {
        ...PLAIN_LOOK,
        message: '路过',
        nick_name: '新来的',
      }),
    );
    expect(await reasonOf('message', guest.id)).toBe('首次评论或留言需审核');

    // A message edited into a blocked word says so; a clean edit keeps what it was held for.
    await settings({ comment_review: 'off' });
    const msg = await ok(
      api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '干净的' }, kim.token),
    );
    expect(await reasonOf('message', msg.id)).toBe('');
    const edit = (message: string) =>
      ok(api.call('POST', '/api/message/update', { ...PLAIN_LOOK, id: msg.id, message }, kim.token));
    await edit('这里能代开发票');
    expect(await reasonOf('message', msg.id)).toBe('含敏感词「代开发票」');
    await edit('改回干净的');
    expect(await stateOf('message', msg.id)).toBe('pending');
    expect(await reasonOf('message', msg.id)).toBe('含敏感词「代开发票」');

    // The original client's list is as it was: no new field.
    const back = await ok(admin('POST', '/api/comment/backGetCommentList', { current: 1, size: 50 }));
    expect(back.list.length).toBeGreaterThan(0);
    for (const row of back.list) expect(row).not.toHaveProperty('review_reason');
  });
});

describe('the console lists and the verdict routes', () => {
  it('filter by review_status and refuse bad verdicts', async () => {
    await settings({ comment_review: 'all' });
    const ivy = await api.user();
    const id = (await ok(comment(ivy.token, '控制台待审核'))).id as number;
    const back = await ok(
      admin('POST', '/api/comment/backGetCommentList', { current: 1, size: 50, review_status: 'pending' }),
    );
    expect(back.list.map((r: { id: number }) => r.id)).toContain(id);
    expect(back.list.every((r: { review_status: string }) => r.review_status === 'pending')).toBe(true);
    const mod = await ok(
      admin('POST', '/api/comment/getModerationList', { current: 1, size: 50, review_status: 'spam' }),
    );
    expect(mod.list.map((r: { id: number }) => r.id)).not.toContain(id);
    // Blank is "every state" (the original admin app's empty select).
    const blank = await ok(
      admin('POST', '/api/comment/backGetCommentList', { current: 1, size: 50, review_status: '' }),
    );
    expect(blank.list.map((r: { id: number }) => r.id)).toContain(id);

    for (const bad of [
      { idList: [id], status: 'pending' },
      { idList: [], status: 'spam' },
      { status: 'spam' },
    ]) {
      const { json } = await admin('PUT', '/api/comment/review', bad);
      expect(json.code).not.toBe(0);
      expect(json.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await stateOf('comment', id)).toBe('pending');
    const { status } = await api.call(
      'PUT',
      '/api/comment/review',
      { idList: [id], status: 'published' },
      ivy.token,
    );
    expect(status).toBe(403);
    expect(await stateOf('comment', id)).toBe('pending');
  });
});
