/**
 * Issue 32.2: a request's shape is written once, as a zod schema in src/lib/contract. The route
 * validates with it, the service takes its output and the console's call its input, so a field cannot
 * drift between them: these checks fail to compile (`npm test -- check`) when one side is written out
 * again by hand and differs, and at run time when a schema stops parsing what the client sends.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ArticleListFilter, listArticles } from '../../src/lib/api/admin/articles.ts';
import type { listUsers, UserFilter } from '../../src/lib/api/admin/users.ts';
import { ArticleList } from '../../src/lib/contract/admin-articles.ts';
import { UserList } from '../../src/lib/contract/admin-users.ts';
import type { listArticlesForAdmin } from '../../src/server/services/articles/admin.ts';
import type { listUsers as serviceListUsers } from '../../src/server/services/users-admin.ts';

type In<T extends z.ZodType> = z.input<T>;
type Out<T extends z.ZodType> = z.output<T>;
type Arg<F extends (...a: never[]) => unknown, N extends number = 0> = Parameters<F>[N];

describe('request shapes are one schema each', () => {
  it('the user list', () => {
    expectTypeOf<UserFilter>().toEqualTypeOf<In<typeof UserList>>();
    expectTypeOf<Arg<typeof listUsers>>().toEqualTypeOf<In<typeof UserList>>();
    expectTypeOf<Arg<typeof serviceListUsers>>().toEqualTypeOf<Out<typeof UserList>>();
    // The client's field types are what it sends, not zod's `unknown` of a preprocessed field.
    expectTypeOf<UserFilter['role']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<UserFilter['nick_name']>().toEqualTypeOf<string | undefined>();
    expect(UserList.parse({ current: 1, size: 10, role: 1 } satisfies UserFilter)).toMatchObject({ role: 1 });
  });

  it('the article list', () => {
    expectTypeOf<ArticleListFilter>().toEqualTypeOf<In<typeof ArticleList>>();
    expectTypeOf<Arg<typeof listArticles>>().toEqualTypeOf<In<typeof ArticleList>>();
    expectTypeOf<Arg<typeof listArticlesForAdmin, 2>>().toEqualTypeOf<
      Omit<Out<typeof ArticleList>, 'current' | 'size'>
    >();
    const sent: ArticleListFilter = { current: 2, size: 5, status: 3, is_deleted: 1 };
    expect(ArticleList.parse(sent)).toMatchObject(sent);
  });
});
