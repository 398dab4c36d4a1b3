import { describe, expect, test } from 'vitest';
import { proxiedAddress } from '../../src/server/net/forwarded.ts';

describe('proxiedAddress', () => {
  test('takes the entry our proxy appended, not one the client wrote', () => {
    expect(proxiedAddress('1.2.3.4, 10.0.0.7')).toBe('10.0.0.7');
    expect(proxiedAddress('spoofed,  203.0.113.9 ')).toBe('203.0.113.9');
  });
  test('a single entry is the address', () => {
    expect(proxiedAddress('198.51.100.2')).toBe('198.51.100.2');
  });
  test('missing or empty headers give nothing', () => {
    expect(proxiedAddress(undefined)).toBeUndefined();
    expect(proxiedAddress('')).toBeUndefined();
    expect(proxiedAddress('1.2.3.4, ')).toBeUndefined();
  });
});
