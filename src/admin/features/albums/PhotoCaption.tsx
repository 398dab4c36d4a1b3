import { useEffect, useState } from 'react';
import { setPhotoCaption } from '../../../lib/api/admin/photos.ts';
import { toast } from '../../../stores/toast.ts';
import kit from '../../kit/kit.module.css';

/**
 * A photo's caption under its tile: saved when the box is left or Enter is pressed, only if it changed.
 * Visitors see it under the photo and in the lightbox; it is the photo's alt text too.
 */
export function PhotoCaption({ id, caption, n }: { id: number; caption: string; n: number }) {
  const [text, setText] = useState(caption);
  const [saved, setSaved] = useState(caption);
  useEffect(() => {
    setText(caption);
    setSaved(caption);
  }, [caption]);
  const save = () => {
    const next = text.trim();
    if (next === saved) return;
    setPhotoCaption(id, next).then(
      () => {
        setSaved(next);
        toast('说明已保存', 'success', '提示');
      },
      () => {},
    );
  };
  return (
    <input
      className={kit.input}
      aria-label={`照片 ${n} 的说明`}
      placeholder="添加说明"
      maxLength={200}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          save();
        }
      }}
    />
  );
}
