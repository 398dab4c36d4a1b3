import { test as base, expect } from '@playwright/test';

/** Every browser test runs against the server global-setup started (an ephemeral port). */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_URL);
  },
});

export { expect };
