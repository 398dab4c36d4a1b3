import type {
  Bangumi,
  BangumiRow,
  CatalogCategory,
  ResourceRow,
  SiteRow,
} from '../../contract/admin-catalog.ts';
import type { Page } from '../../contract/page.ts';
import { get, post, put } from '../client.ts';

/** The console's calls for 追番, the resources and the site list (ADMIN-API "ours"). */

export type BangumiInput = Omit<Bangumi, 'id'>;

export const listBangumi = (filter: { current: number; size: number; status?: number; title?: string }) =>
  post<Page<BangumiRow>>('/api/bangumi/getBangumiList', filter);

/** `key`: the Idempotency-Key of this create, the same on every retry of it. */
export const addBangumi = (entry: BangumiInput, key: string) =>
  post<{ id: number }>('/api/bangumi/add', entry, { idempotencyKey: key });

export const updateBangumi = (id: number, patch: Partial<BangumiInput>) =>
  put<null>('/api/bangumi/update', { id, ...patch });

export const setBangumiStatus = (id: number, status: number) =>
  put<null>(`/api/bangumi/updateStatus/${id}/${status}`);

export const setBangumiProgress = (id: number, progress: number) =>
  put<null>(`/api/bangumi/updateProgress/${id}/${progress}`);

export const deleteBangumi = (ids: number[]) => put<number>('/api/bangumi/delete', { idList: ids });

/** A catalog: the resources of one kind (/resources/front|back) or the site list (/siteList). */
export type CatalogKind = 'front' | 'back' | 'site';

export type CatalogInput = Omit<SiteRow, 'id' | 'order'> & { order?: number };

const base = (kind: CatalogKind) => (kind === 'site' ? '/api/site' : '/api/resources');
const withKind = (kind: CatalogKind) => (kind === 'site' ? {} : { kind });

export const listCatalog = (
  kind: CatalogKind,
  filter: { current: number; size: number; category?: string; name?: string },
) =>
  post<Page<ResourceRow | SiteRow>>(`${base(kind)}/${kind === 'site' ? 'getSiteList' : 'getResourceList'}`, {
    ...filter,
    ...withKind(kind),
  });

export const catalogCategories = (kind: CatalogKind) =>
  get<CatalogCategory[]>(`${base(kind)}/getCategoryDictionary${kind === 'site' ? '' : `?kind=${kind}`}`);

/** No `id`: a new row, sent with `key` (its Idempotency-Key). */
export const saveCatalogRow = (kind: CatalogKind, id: number | undefined, row: CatalogInput, key?: string) =>
  post<{ id: number }>(
    `${base(kind)}/addOrUpdate`,
    { id, ...row, ...withKind(kind) },
    { idempotencyKey: id ? undefined : key },
  );

export const reorderCatalog = (kind: CatalogKind, list: { id: number; order: number }[]) =>
  put<null>(`${base(kind)}/updateOrder`, { list });

export const deleteCatalogRows = (kind: CatalogKind, ids: number[]) =>
  put<number>(`${base(kind)}/delete`, { idList: ids });
