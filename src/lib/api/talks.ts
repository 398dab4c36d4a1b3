import type { Talk, TalkPage } from '../contract/talks.ts';
import { get, post, type RequestOptions } from './client.ts';

/** Talks (说说). */

export const talkList = (current: number, size: number, opts?: RequestOptions) =>
  post<TalkPage>('/api/talk/blogGetTalkList', { current, size }, opts);

export const getTalk = (id: number, opts?: RequestOptions) => get<Talk>(`/api/talk/getTalkById/${id}`, opts);
