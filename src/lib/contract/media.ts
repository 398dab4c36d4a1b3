import { z } from 'zod';
import { MEDIA_DELETE_MAX, MEDIA_PAGE_SIZE } from '../media-library.ts';
import { blankAsAbsent, id, num, pageFields, pageSize, textFilter } from './fields.ts';

/** The media library's requests and answers (docs/api/admin.md#media-library). */

const PICK = '请选择图片';

/** `GET /api/media/list`: a page of uploads, newest first. */
export const MediaList = z.object({
  current: pageFields.current,
  size: pageSize(MEDIA_PAGE_SIZE),
  /** Part of the file's name or of its address. */
  keyword: textFilter(100),
  /** 1: only the uploads nothing uses. */
  unused: blankAsAbsent(num(z.literal([0, 1], 'unused 只能是 0 或 1'))),
});

/** `POST /api/media/delete`: uploads by id, all or none. */
export const MediaDelete = z.object({
  ids: z.array(id(), PICK).min(1, PICK).max(MEDIA_DELETE_MAX, `一次最多删除${MEDIA_DELETE_MAX}张图片`),
});

/** One place an upload is shown: what it is and, when there is one, the console page that edits it. */
export type MediaUse = { kind: string; label: string; href?: string };

export type MediaItem = {
  id: number;
  url: string;
  /** The grid's picture: the smallest variant once made, else the original. */
  thumb: string;
  /** The name on the uploader's machine, else the stored file's. */
  name: string;
  mime: string;
  byteSize: number;
  width: number;
  height: number;
  /** pending / working / done / failed: the variants' state. */
  status: string;
  createdAt: string;
  uses: MediaUse[];
};
