import type { Page } from '../../contract/page.ts';
import type { AdminTalk } from '../../contract/talks.ts';
import { del, post, put } from '../client.ts';

/** The console's calls for talks (docs/api/admin.md#talks-albums-and-photos). */

/** 1 public, 2 private, 3 the recycle bin. */
export type TalkStatus = 1 | 2 | 3;

export const listTalks = (status: TalkStatus, current: number, size: number) =>
  post<Page<AdminTalk>>('/api/talk/getTalkList', { current, size, status });

export type TalkDraft = { content: string; talkImgList: string[]; status: 1 | 2; is_top: 1 | 2 };

/** `key`: the Idempotency-Key of this create, the same on every retry of it. */
export const publishTalk = (talk: TalkDraft, key: string) =>
  post<{ id: number }>('/api/talk/publishTalk', talk, { idempotencyKey: key });

export const updateTalk = (id: number, talk: TalkDraft) => put<null>('/api/talk/updateTalk', { id, ...talk });

/** `status` is the talk's current one: 1 or 2 moves it to the bin, 3 deletes it for good. */
export const deleteTalk = (id: number, status: TalkStatus) =>
  del<number>(`/api/talk/deleteTalkById/${id}/${status}`);

export const setTalkPublic = (id: number, status: 1 | 2) =>
  put<true>(`/api/talk/togglePublic/${id}/${status}`);

export const setTalkTop = (id: number, isTop: 1 | 2) => put<true>(`/api/talk/toggleTop/${id}/${isTop}`);

export const revertTalk = (id: number) => put<true>(`/api/talk/revertTalk/${id}`);
