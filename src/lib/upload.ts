/**
 * The rules of an image upload (docs/product.md#image-compression), shared by the site's upload
 * (src/browser/upload.ts) and the console's (src/admin/kit/upload.ts): the accepted types, the server's
 * limit, the messages.
 */

/** The server's limit for a visitor (POST /api/upload/img answers 413 above it). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/**
 * The owner's: the console sends originals and the server makes the sizes
 * (docs/architecture.md#image-variants).
 */
export const MAX_CONSOLE_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_FAILED = '图片上传失败';
export const UPLOAD_TOO_BIG = '图片大小不能超过 5MB';
export const CONSOLE_UPLOAD_TOO_BIG = '图片大小不能超过 20MB';
export const NOT_AN_IMAGE = '只能上传 JPG、PNG、WEBP、GIF 格式的图片';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
/** For `<input type="file" accept=…>`. */
export const IMAGE_ACCEPT = ACCEPTED.join(',');
