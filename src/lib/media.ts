/**
 * Talk, album and photo rules the owner's console and the server share (docs/api/admin.md#status-values): the
 * status values with their recycle bins, and the album limits of the original.
 */

/** Talk status: 1 public, 2 private, 3 recycle bin. */
export const TALK_STATUS = { public: 1, private: 2, bin: 3 } as const;

/** Photo status: 1 normal, 2 recycle bin. */
export const PHOTO_STATUS = { normal: 1, bin: 2 } as const;

export const ALBUM_NAME_MAX = 26;
export const ALBUM_DESC_MAX = 55;

/** Photos added, binned, deleted or restored in one call. */
export const PHOTO_BATCH_MAX = 100;
