/** An album as the owner's list sends it (POST /api/photoAlbum, ADMIN-API.md). */
export type AlbumRow = {
  id: number;
  album_name: string;
  album_cover: string;
  description: string;
  createdAt: string;
  updatedAt: string;
};

/** A photo as the owner's list sends it (POST /api/photo/getPhotoListByAlbumId): status 1 normal, 2 bin. */
export type PhotoRow = {
  id: number;
  album_id: number;
  url: string;
  status: number;
  createdAt: string;
  updatedAt: string;
};
