/** The like state of one thing: getLikeInfo's answer, and addLike/cancelLike's. */
export type LikeState = { is_like: boolean; count: number };
