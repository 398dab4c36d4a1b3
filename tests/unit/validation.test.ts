import { describe, expect, it } from 'vitest';
import {
  checkLoginField,
  checkPassword,
  checkPasswordConfirm,
  checkRegisterField,
  checkUsername,
  emailFromLocal,
  isEmpty,
  isValidPassword,
  MAIL_DOMAIN,
  validateLogin,
  validateRegister,
} from '../../src/lib/validation.ts';

describe('login form', () => {
  it('requires a username and a password with the exact messages', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: '请输入用户账号',
      password: '请输入用户密码',
    });
    expect(checkLoginField('username', { username: '   ', password: 'x' })).toBe('请输入用户账号');
    expect(validateLogin({ username: 'a', password: 'b' })).toEqual({});
  });
});

describe('register username', () => {
  it.each([
    ['', '请输入用户账号'],
    ['    ', '请输入用户账号'],
    ['abcd', '用户账号长度应该在5-16之间'],
    ['abcde', ''],
    ['a'.repeat(16), ''],
    ['a'.repeat(17), '用户账号长度应该在5-16之间'],
    ['  abcd  ', '用户账号长度应该在5-16之间'],
    ['林间小鹿呀', ''],
  ])('%j → %j', (value, message) => expect(checkUsername(value)).toBe(message));
});

describe('register password', () => {
  it.each([
    ['', '请输入密码'],
    ['abc12', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    ['abc123', ''],
    ['123456', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    ['abcdef', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    ['ABCdef', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    ['!@#$%^', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    ['!@#$%1', ''],
    ['abc!@#', ''],
    ['密码abc123', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    ['abc 123', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    [`a1${'x'.repeat(16)}`, ''],
    [`a1${'x'.repeat(17)}`, '密码格式应为6-18位数字、字母、符号的任意两种组合'],
  ])('%j → %j', (value, message) => expect(checkPassword(value)).toBe(message));

  it('isValidPassword agrees with the message check', () => {
    expect(isValidPassword('Passw0rd!')).toBe(true);
    expect(isValidPassword('password')).toBe(false);
  });

  it('the confirmation must be present and equal', () => {
    expect(checkPasswordConfirm('', 'abc123')).toBe('请输入二次确认密码');
    expect(checkPasswordConfirm('abc124', 'abc123')).toBe('两次密码不一致');
    expect(checkPasswordConfirm('abc123', 'abc123')).toBe('');
  });
});

describe('register form', () => {
  const form = { username: 'abcde', password1: 'abc123', password2: 'abc123', nick_name: '', email: '' };
  it('nick name and email have no rules', () => {
    expect(validateRegister(form)).toEqual({});
    expect(checkRegisterField('nick_name', form)).toBe('');
    expect(checkRegisterField('email', form)).toBe('');
    expect(isEmpty(validateRegister(form))).toBe(true);
  });
  it('reports every failing field at once', () => {
    const errors = validateRegister({ ...form, username: '', password1: '1', password2: '2' });
    expect(errors).toEqual({
      username: '请输入用户账号',
      password1: '密码格式应为6-18位数字、字母、符号的任意两种组合',
      password2: '两次密码不一致',
    });
  });
});

describe('the fixed mail domain', () => {
  it('is appended to the local part only', () => {
    expect(emailFromLocal('xiaolu')).toBe(`xiaolu${MAIL_DOMAIN}`);
    expect(emailFromLocal(' xiaolu@gmail.com ')).toBe(`xiaolu${MAIL_DOMAIN}`);
    expect(emailFromLocal('')).toBe('');
    expect(emailFromLocal('  ')).toBe('');
  });
});
