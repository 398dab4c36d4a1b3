import { useState } from 'react';
import { addAlbum, updateAlbum } from '../../../lib/api/admin/photos.ts';
import { isImageUrl } from '../../../lib/community.ts';
import type { AlbumRow } from '../../../lib/contract/photos.ts';
import { ALBUM_DESC_MAX, ALBUM_NAME_MAX } from '../../../lib/media.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { ImageField } from '../../kit/ImageField.tsx';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';

type AlbumErrors = Partial<Record<'album_name' | 'description' | 'album_cover', string>>;

function checkAlbum(a: { album_name: string; description: string; album_cover: string }): AlbumErrors {
  const e: AlbumErrors = {};
  const name = a.album_name.trim();
  if (!name) e.album_name = '请输入相册名称';
  else if ([...name].length > ALBUM_NAME_MAX) e.album_name = `相册名称不能超过${ALBUM_NAME_MAX}个字`;
  // Spread to count characters as the server does (code points), not UTF-16 units.
  if ([...a.description.trim()].length > ALBUM_DESC_MAX)
    e.description = `相册描述不能超过${ALBUM_DESC_MAX}个字`;
  const cover = a.album_cover.trim();
  if (cover && !isImageUrl(cover)) e.album_cover = '相册封面应为上传的图片地址';
  return e;
}

/** Create (no album) or edit an album: name, description, cover. */
export function AlbumDialog({
  album,
  onClose,
  onSaved,
}: {
  album?: AlbumRow;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const [form, setForm] = useState({
    album_name: album?.album_name ?? '',
    description: album?.description ?? '',
    album_cover: album?.album_cover ?? '',
  });
  const [errors, setErrors] = useState<AlbumErrors>({});
  const keyed = useIdempotencyKey();
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = async () => {
    const found = checkAlbum(form);
    setErrors(found);
    if (Object.keys(found).length) return false;
    const input = {
      album_name: form.album_name.trim(),
      description: form.description.trim(),
      album_cover: form.album_cover.trim(),
    };
    // Only a create carries an idempotency key: an update sent twice writes the same values again, a
    // create sent twice (a retry after a lost answer) would make a second row.
    if (album) await updateAlbum(album.id, input);
    else await keyed((key) => addAlbum(input, key));
    toast(album ? '修改相册成功' : '新增相册成功', 'success', '提示');
    await onSaved();
  };
  return (
    <FormDialog title={album ? '编辑相册' : '新建相册'} onClose={onClose} onSubmit={submit}>
      <TextField
        label="相册名称"
        value={form.album_name}
        onChange={set('album_name')}
        error={errors.album_name}
        hint={`不能与其他相册重名，最多 ${ALBUM_NAME_MAX} 个字`}
      />
      <TextField
        label="相册描述"
        value={form.description}
        onChange={set('description')}
        error={errors.description}
        hint={`最多 ${ALBUM_DESC_MAX} 个字`}
        multiline
      />
      <ImageField
        label="相册封面"
        value={form.album_cover}
        onChange={set('album_cover')}
        error={errors.album_cover}
        hint="留空时，第一张加入的照片会成为封面；也可以之后在照片上「设为封面」"
        chooser={(choose, close) => (
          <MediaPicker title="选择相册封面" onPick={({ url }) => choose(url)} onClose={close} />
        )}
      />
    </FormDialog>
  );
}
