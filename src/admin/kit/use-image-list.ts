import { useEffect, useRef, useState } from 'react';
import { fitting, imageFiles, moveItem } from '../../lib/image-list.ts';
import { NOT_AN_IMAGE } from '../../lib/upload.ts';
import { toast } from '../../stores/toast.ts';
import { uploadWithProgress } from './upload.ts';

/** One image of the list: uploaded (`url`), or on its way (`preview` of the local file, `progress` 0–1). */
export type ImageItem = { key: string; url: string; preview: string; progress: number | null };

/** What ImageListField draws and the form reads: the images in order and the calls that change them. */
export type ImageList = {
  items: ImageItem[];
  max: number;
  /** The uploaded images' addresses, in order (what the form saves). */
  urls: string[];
  /** Uploads still on their way (the form waits for them). */
  pending: number;
  /** Uploads the images among `files` (a pick, a drop, a paste), as many as fit under `max`. */
  add: (files: ArrayLike<File> | null | undefined) => void;
  remove: (key: string) => void;
  move: (from: number, to: number) => void;
};

let seq = 0;
const itemOf = (url: string): ImageItem => ({ key: `img${++seq}`, url, preview: '', progress: null });

/**
 * The state of a form's ordered images (a talk's up to nine pictures): each added file is uploaded at
 * once through the site's rules (POST /api/upload/img, with its progress); a refused one says why in
 * a toast and leaves the list.
 */
export function useImageList(initial: readonly string[], max: number): ImageList {
  const [items, setItems] = useState<ImageItem[]>(() => initial.map(itemOf));
  // Every change goes through commit(), so the ref is the latest list even between renders (the cap).
  const latest = useRef(items);
  const commit = (change: (list: ImageItem[]) => ImageItem[]) => {
    latest.current = change(latest.current);
    setItems(latest.current);
  };
  const patch = (key: string, p: Partial<ImageItem>) =>
    commit((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));

  useEffect(
    () => () => {
      for (const i of latest.current) if (i.preview) URL.revokeObjectURL(i.preview);
    },
    [],
  );

  const upload = (file: File) => {
    const item = { ...itemOf(''), preview: URL.createObjectURL(file), progress: 0 };
    commit((list) => [...list, item]);
    uploadWithProgress(file, (progress) => patch(item.key, { progress })).then(
      (url) => {
        URL.revokeObjectURL(item.preview);
        patch(item.key, { url, preview: '', progress: null });
      },
      () => {
        // The upload has said why in a toast.
        URL.revokeObjectURL(item.preview);
        commit((list) => list.filter((i) => i.key !== item.key));
      },
    );
  };

  const add = (files: ArrayLike<File> | null | undefined) => {
    const images = imageFiles(files);
    if (!images.length) {
      if (files?.length) toast(NOT_AN_IMAGE, 'warning', '温馨提示');
      return;
    }
    const { taken, left } = fitting(images, latest.current.length, max);
    if (left) toast(`最多 ${max} 张图片，${left} 张未添加`, 'warning', '温馨提示');
    for (const file of taken) upload(file);
  };

  const remove = (key: string) =>
    commit((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((i) => i.key !== key);
    });

  return {
    items,
    max,
    urls: items.filter((i) => i.url && i.progress === null).map((i) => i.url),
    pending: items.filter((i) => i.progress !== null).length,
    add,
    remove,
    move: (from, to) => commit((list) => moveItem(list, from, to)),
  };
}
