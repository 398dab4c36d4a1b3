import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { redisAnswers, redisConfigured, startRedis, stopRedis } from '../../src/server/redis/client.ts';
import { serviceUrl } from '../setup/database.ts';

afterAll(() => stopRedis());

it('redisAnswers (for /readyz): undefined without REDIS_URL, true once connected, undefined after the stop', {
  tags: ['services'],
}, async () => {
  expect(redisConfigured()).toBe(false);
  expect(await redisAnswers()).toBeUndefined();
  await startRedis(serviceUrl('redisUrl'), `t${randomUUID().slice(0, 8)}:`);
  expect(await redisAnswers()).toBe(true);
  await stopRedis();
  expect(await redisAnswers()).toBeUndefined();
});

it('answers false, at once, when its Redis is not there', async () => {
  // A port nothing listens on: the start does not wait for ever, and the ping does not hang.
  await startRedis('redis://127.0.0.1:1', 'none:', 200);
  expect(redisConfigured()).toBe(true);
  expect(await redisAnswers()).toBe(false);
  await stopRedis();
});
