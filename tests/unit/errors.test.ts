import { describe, expect, it } from 'vitest';
import {
  ApiError,
  conflict,
  DomainError,
  forbidden,
  invalid,
  notFound,
  orThrow,
  tooMany,
  unauthorized,
  wireAnswer,
} from '../../src/server/core/errors.ts';
import { MSG } from '../../src/server/core/messages.ts';

describe('wireAnswer: a thrown error to the envelope (the one mapping)', () => {
  it('answers not found, conflict and invalid as refusals: HTTP 200, code 100, the message as is', () => {
    for (const err of [notFound(MSG.article), conflict(MSG.usernameTaken), invalid('参数错误')]) {
      expect(wireAnswer(err)).toEqual({
        status: 200,
        body: { code: 100, message: err.message },
        headers: {},
        refused: true,
      });
    }
  });

  it('answers forbidden with 403 and its message (权限不足 by default)', () => {
    expect(wireAnswer(forbidden())).toEqual({
      status: 403,
      body: { code: 403, message: '权限不足' },
      headers: {},
      refused: false,
    });
    expect(wireAnswer(forbidden(MSG.ownCommentOnly))?.body).toEqual({
      code: 403,
      message: '只能删除自己的评论',
    });
  });

  it('answers invalid input with 400 where the app keeps HTTP statuses (/wapi), other kinds as on /api', () => {
    const opts = { badInput: 'status' } as const;
    expect(wireAnswer(invalid('请求体不是合法的 JSON'), opts)).toMatchObject({
      status: 400,
      body: { code: 400, message: '请求体不是合法的 JSON' },
      refused: false,
    });
    expect(wireAnswer(notFound(MSG.talk), opts)).toMatchObject({ status: 200, body: { code: 100 } });
  });

  it('answers request refusals with their status and headers', () => {
    expect(wireAnswer(unauthorized())).toMatchObject({
      status: 401,
      body: { code: 401, message: '请先登录' },
    });
    expect(wireAnswer(tooMany(1.2))).toMatchObject({ status: 429, headers: { 'Retry-After': '2' } });
    expect(wireAnswer(new ApiError(413, '请求内容过大'))?.body).toEqual({
      code: 413,
      message: '请求内容过大',
    });
  });

  it('leaves anything else to the caller (logged, answered 500)', () => {
    expect(wireAnswer(new Error('boom'))).toBeNull();
    expect(wireAnswer('text')).toBeNull();
  });
});

describe('orThrow', () => {
  it('passes a value through and throws the given error for null, undefined or false', () => {
    expect(orThrow(0, notFound('x'))).toBe(0);
    expect(orThrow({ id: 1 }, notFound('x'))).toEqual({ id: 1 });
    for (const none of [null, undefined, false]) {
      const err = notFound(MSG.article);
      expect(() => orThrow(none, err)).toThrow(err);
    }
  });

  it('throws a DomainError carrying its kind and the Chinese message', () => {
    try {
      orThrow(null, notFound(MSG.article));
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ kind: 'not_found', message: '文章不存在' });
    }
  });
});
