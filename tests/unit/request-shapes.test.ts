/**
 * A request's shape is written once, as a zod schema in src/lib/contract. The route
 * validates with it, the service takes its output and the console's call its input, so a field cannot
 * drift between them: these checks fail to compile (`npm test -- check`) when one side is written out
 * again by hand and differs, and at run time when a schema stops parsing what the client sends.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ArticleListFilter, listArticles } from '../../src/lib/api/admin/articles.ts';
import type { AuditFilter, listAudit } from '../../src/lib/api/admin/audit.ts';
import type { ChatFilter } from '../../src/lib/api/admin/chat.ts';
import type { LinkFields, listLinks } from '../../src/lib/api/admin/links.ts';
import type { listModeration, ModerationFilter } from '../../src/lib/api/admin/moderation.ts';
import type { addAlbum, updateAlbum } from '../../src/lib/api/admin/photos.ts';
import type { listUsers, UserFilter } from '../../src/lib/api/admin/users.ts';
import type { applyLink } from '../../src/lib/api/links.ts';
import { ArticleList } from '../../src/lib/contract/admin-articles.ts';
import type { AuditList } from '../../src/lib/contract/admin-audit.ts';
import { ModerationList } from '../../src/lib/contract/admin-comments.ts';
import { UserList } from '../../src/lib/contract/admin-users.ts';
import type { ChatSearch } from '../../src/lib/contract/chat.ts';
import type { LinkApply, LinkList, LinkSave } from '../../src/lib/contract/links.ts';
import { AlbumAdd, type AlbumUpdate } from '../../src/lib/contract/photos.ts';
import type {
  addAlbum as serviceAddAlbum,
  updateAlbum as serviceUpdateAlbum,
} from '../../src/server/services/albums.ts';
import type { listArticlesForAdmin } from '../../src/server/services/articles/admin.ts';
import type { listAudit as serviceListAudit } from '../../src/server/services/audit.ts';
import type { searchMessages } from '../../src/server/services/chat.ts';
import type {
  adminSaveLink,
  applyLink as serviceApplyLink,
  listLinks as serviceListLinks,
} from '../../src/server/services/links.ts';
import type { listModeration as serviceListModeration } from '../../src/server/services/moderation.ts';
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

  it('moderation, the audit log and the chat history', () => {
    expectTypeOf<Arg<typeof listModeration>>().toEqualTypeOf<In<typeof ModerationList>>();
    expectTypeOf<ModerationFilter>().toEqualTypeOf<In<typeof ModerationList>>();
    expectTypeOf<Arg<typeof serviceListModeration>>().toEqualTypeOf<Out<typeof ModerationList>>();
    expectTypeOf<Arg<typeof listAudit>>().toEqualTypeOf<In<typeof AuditList>>();
    expectTypeOf<AuditFilter>().toEqualTypeOf<In<typeof AuditList>>();
    expectTypeOf<Arg<typeof serviceListAudit>>().toEqualTypeOf<Out<typeof AuditList>>();
    expectTypeOf<ChatFilter>().toEqualTypeOf<In<typeof ChatSearch>>();
    expectTypeOf<Arg<typeof searchMessages>>().toEqualTypeOf<Out<typeof ChatSearch>>();
    // A date range is sent as two China days and reaches the service as ISO bounds.
    expectTypeOf<AuditFilter['time']>().toEqualTypeOf<[string, string] | undefined>();
    const sent: ModerationFilter = { current: 1, size: 10, type: 4, time: ['2026-01-01', '2026-01-02'] };
    expect(ModerationList.parse(sent).time).toEqual({
      from: '2025-12-31T16:00:00.000Z',
      to: '2026-01-02T16:00:00.000Z',
    });
  });

  it('friend links: the list, an application and the console save', () => {
    expectTypeOf<Arg<typeof listLinks>>().toEqualTypeOf<In<typeof LinkList>>();
    expectTypeOf<Arg<typeof serviceListLinks>>().toEqualTypeOf<Out<typeof LinkList>>();
    expectTypeOf<Arg<typeof applyLink>>().toEqualTypeOf<In<typeof LinkApply>>();
    expectTypeOf<Arg<typeof serviceApplyLink>>().toEqualTypeOf<Out<typeof LinkApply>>();
    expectTypeOf<Arg<typeof adminSaveLink, 1>>().toEqualTypeOf<Omit<Out<typeof LinkSave>, 'id'>>();
    // The console's edit dialog holds every field of the save as text.
    expectTypeOf<LinkFields>().toEqualTypeOf<Required<Omit<In<typeof LinkSave>, 'id' | 'status'>>>();
    expectTypeOf<LinkFields['category']>().toEqualTypeOf<string>();
  });

  it('an album: add and update', () => {
    expectTypeOf<Arg<typeof addAlbum>>().toEqualTypeOf<In<typeof AlbumAdd>>();
    expectTypeOf<Arg<typeof serviceAddAlbum>>().toEqualTypeOf<Out<typeof AlbumAdd>>();
    expectTypeOf<Arg<typeof updateAlbum, 1>>().toEqualTypeOf<Omit<In<typeof AlbumUpdate>, 'id'>>();
    expectTypeOf<Arg<typeof serviceUpdateAlbum, 1>>().toEqualTypeOf<Omit<Out<typeof AlbumUpdate>, 'id'>>();
    expect(AlbumAdd.parse({ album_name: ' 旅行 ' })).toEqual({
      album_name: '旅行',
      album_cover: '',
      description: '',
    });
  });
});
