import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { type Answer, setupTestApi } from './helpers.ts';

/**
 * Limits under a parallel burst: every request of a burst is in flight before the first password
 * hash ends, so a limit that is checked first and counted after the hash lets all of them through.
 */
const api = setupTestApi();

const login = (ip: string, username: string, password: string) =>
  api.callFrom(ip, 'POST', '/api/user/login', { username, password });

function tally(answers: Answer[]) {
  const evaluated = answers.filter((a) => a.status === 200);
  const limited = answers.filter((a) => a.status === 429);
  for (const a of limited) expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(evaluated.length + limited.length).toBe(answers.length);
  return { evaluated, limited };
}

describe('limits count the attempt before the password hash (a parallel burst)', () => {
  it('30 parallel wrong passwords: exactly 5 evaluated, the rest 429 with Retry-After', async () => {
    await api.user('burstvict1');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('10.9.0.1', 'burstvict1', `wrong${i}xx`)),
    );
    const { evaluated, limited } = tally(answers);
    expect(evaluated.length).toBe(5);
    for (const a of evaluated) expect(a.json).toEqual({ code: 100, message: '用户名或密码错误' });
    expect(limited.length).toBe(25);
    expect(limited[0].json.message).toBe('登录失败次数过多，请稍后再试');
  });

  it('the right password inside a burst, after the limit, is refused too', async () => {
    await api.user('burstvict2');
    const guesses = Array.from({ length: 10 }, (_, i) => login('10.9.0.2', 'burstvict2', `wrong${i}xx`));
    // Sent last, so its body is read (and its slot asked for) after the ten guesses.
    const right = login('10.9.0.2', 'burstvict2', 'Passw0rd!');
    const answers = await Promise.all([...guesses, right]);
    expect(tally(answers).evaluated.length).toBe(5);
    expect(answers.at(-1)?.status).toBe(429);
  });

  it('40 parallel registrations from one address make at most 10 accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.callFrom('10.9.0.3', 'POST', '/api/user/register', {
          username: `burstreg${String(i).padStart(2, '0')}`,
          password: 'Passw0rd1',
        }),
      ),
    );
    const { evaluated, limited } = tally(answers);
    expect(evaluated.length).toBe(10);
    expect(limited.length).toBe(30);
    expect(limited[0].json.message).toBe('注册过于频繁，请稍后再试');
    const made = await db.selectFrom('user').select('id').where('username', 'like', 'burstreg%').execute();
    expect(made.length).toBe(10);
  });

  it('a taken username counts against the registration limit (no free enumeration)', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        await api.callFrom('10.9.0.4', 'POST', '/api/user/register', {
          username: 'admin',
          password: 'Passw0rd1',
        }),
      );
    for (const a of answers.slice(0, 10)) expect(a.json).toEqual({ code: 100, message: '用户名已存在' });
    expect(answers[10].status).toBe(429);
    expect(Number(answers[10].headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('20 parallel wrong current passwords: at most 5 evaluated', async () => {
    const me = await api.user('burstvict3');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.call(
          'PUT',
          '/api/user/updatePassword',
          { password: `wrong${i}xx`, password1: 'Passw0rd2' },
          me.token,
        ),
      ),
    );
    const { evaluated, limited } = tally(answers);
    expect(evaluated.length).toBe(5);
    for (const a of evaluated) expect(a.json).toEqual({ code: 100, message: '原密码错误' });
    expect(limited.length).toBe(15);
    expect(limited[0].json.message).toBe('尝试次数过多，请稍后再试');
    // Nothing was changed: the old password still logs in.
    expect((await login('10.9.0.5', 'burstvict3', 'Passw0rd!')).json.code).toBe(0);
  });
});
