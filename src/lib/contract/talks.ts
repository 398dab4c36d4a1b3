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
