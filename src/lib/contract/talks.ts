import type { PictureFacts } from '../picture.ts';
import type { Page } from './page.ts';

/** A talk (说说) as blogGetTalkList sends it. */
export type Talk = {
  id: number;
  user_id: number;
  content: string;
  talkImgList: string[];
  status: number;
  is_top: number;
  like_times: number;
  nick_name: string;
  avatar: string;
  is_like: boolean;
  comment_total: number;
  createdAt: string;
  updatedAt: string;
};

/**
 * A talk as the owner's list sends it (POST /api/talk/getTalkList,
 * docs/api/admin.md#talks-albums-and-photos): any status, its likes and (ours) published comments, and
 * no `talkImgList` key at all when the talk has no pictures.
 */
export type AdminTalk = Omit<Talk, 'talkImgList' | 'is_like'> & { talkImgList?: string[] };

/** blogGetTalkList's page: the talks and the stored facts of their pictures, by URL (lib/picture.ts). */
export type TalkPage = Page<Talk> & { pictures?: Record<string, PictureFacts> };
