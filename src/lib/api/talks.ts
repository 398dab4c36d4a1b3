import type { Page } from '../contract/page.ts';
import type { Talk } from '../contract/talks.ts';
import { get, post, type RequestOptions } from './client.ts';

/** Talks (说说). */

export const talkList = (current: number, size: number, opts?: RequestOptions) =>
  post<Page<Talk>>('/api/talk/blogGetTalkList', { current, size }, opts);

export const getTalk = (id: number, opts?: RequestOptions) => get<Talk>(`/api/talk/getTalkById/${id}`, opts);
