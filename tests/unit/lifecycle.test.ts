import { expect, it } from 'vitest';
import { Lifecycle } from '../../src/server/core/lifecycle.ts';

it('runs the stops newest first, waiting for each', async () => {
  const life = new Lifecycle();
  const ran: string[] = [];
  life.register('database', () => ran.push('database'));
  life.register('redis', async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    ran.push('redis');
  });
  life.register('http', () => ran.push('http'));
  await life.close();
  expect(ran).toEqual(['http', 'redis', 'database']);
});

it('closes once, however often it is asked', async () => {
  const life = new Lifecycle();
  let runs = 0;
  life.register('job', () => runs++);
  const first = life.close();
  expect(life.close()).toBe(first);
  await first;
  await life.close();
  expect(runs).toBe(1);
});

it('a failing stop does not keep the others from running, and close resolves', async () => {
  const life = new Lifecycle();
  const ran: string[] = [];
  life.register('first', () => ran.push('first'));
  life.register('throws', () => {
    throw new Error('sync');
  });
  life.register('rejects', () => Promise.reject(new Error('async')));
  life.register('last', () => ran.push('last'));
  await expect(life.close()).resolves.toBeUndefined();
  expect(ran).toEqual(['last', 'first']);
});

it('a part registered during or after the close is stopped too', async () => {
  const life = new Lifecycle();
  const ran: string[] = [];
  life.register('database', () => ran.push('database'));
  life.register('server', () => {
    ran.push('server');
    // A lazy start that slipped in while closing: stopped before what was older.
    life.register('late', () => ran.push('late'));
  });
  await life.close();
  expect(ran).toEqual(['server', 'late', 'database']);
  life.register('after', () => ran.push('after'));
  await new Promise((resolve) => setImmediate(resolve));
  expect(ran.at(-1)).toBe('after');
});
