import { lookup } from 'node:dns';
import { expect, it } from 'vitest';

it('tests resolve no name outside localhost (tests/setup/local-only.ts)', async () => {
  const err = await new Promise((r) => lookup('example.com', (e) => r(e)));
  expect((err as { code: string }).code).toBe('ENOTFOUND');
  const ok = await new Promise((r) => lookup('localhost', (_e, a) => r(a)));
  expect(ok).toBeTruthy();
});
