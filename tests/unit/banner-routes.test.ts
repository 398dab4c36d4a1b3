import { expect, it } from 'vitest';
import { BANNER_ROUTES } from '../../src/lib/banner-routes.ts';
import { ROUTE_NAMES } from '../../src/server/services/site.ts';

it('the console lists every banner route of the server, each once', () => {
  expect(BANNER_ROUTES.map((r) => r.route).sort()).toEqual([...ROUTE_NAMES].sort());
});
