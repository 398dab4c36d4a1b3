import { ImagePlus, Send, Smile } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { uploadImage } from '../../browser/upload.ts';
import { CHAT_TEXT_MAX, CHAT_TEXTS, charCount } from '../../lib/chat.ts';
import { IMAGE_ACCEPT } from '../../lib/upload.ts';
import { sendImage, sendText } from '../../stores/chat-room.ts';
import { $token } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import styles from './chat.module.css';
import { EMOJI } from './emoji.ts';

/** What the reader writes: text (Enter sends), emoji, an image; the count against the limit. */
export function ChatComposer() {
  const [text, setText] = useState('');
  const [showEmoji, setShowEmoji] = useState(false);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = () => {
    if (sendText(text)) {
      setText('');
      setShowEmoji(false);
    }
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const pickImage = () => {
    if (!$token.get()) {
      toast(CHAT_TEXTS.login, 'warning', '温馨提示');
      return;
    }
    fileRef.current?.click();
  };

  const onFile = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    setUploading(true);
    try {
      // Compressed over 800 KB (docs/product.md#chat-rules); every failure has already been told (图片上传失败
      // …).
      sendImage(await uploadImage(file));
    } catch {
      /* shown by uploadImage */
    } finally {
      setUploading(false);
    }
  };

  const count = charCount(text);

  return (
    <footer className={styles.composer}>
      {showEmoji && (
        <div className={styles.emojiGrid} role="listbox" aria-label="表情">
          {EMOJI.map((e) => (
            <button
              type="button"
              key={e}
              role="option"
              aria-selected={false}
              className={styles.emoji}
              onClick={() => insertEmoji(e)}
            >
              {e}
            </button>
          ))}
        </div>
      )}
      <div className={styles.tools}>
        <button
          type="button"
          className="icon-btn"
          aria-label="表情"
          aria-expanded={showEmoji}
          onClick={() => setShowEmoji((v) => !v)}
        >
          <Smile size={18} />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label="发送图片"
          onClick={pickImage}
          disabled={uploading}
        >
          <ImagePlus size={18} />
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-chat-file
          onChange={(e) => void onFile(e.currentTarget.files?.[0])}
        />
        {uploading && <span className={styles.uploading}>图片上传中…</span>}
        <span className={`${styles.counter} ${count > CHAT_TEXT_MAX ? styles.over : ''}`}>
          {count}/{CHAT_TEXT_MAX}
        </span>
      </div>
      <div className={styles.inputRow}>
        <textarea
          ref={inputRef}
          className={styles.input}
          value={text}
          rows={2}
          placeholder="说点什么吧～"
          title="Enter 发送，Shift+Enter 换行"
          aria-label="聊天消息"
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={`btn btn-primary ${styles.send}`} onClick={submit}>
          <Send size={16} /> 发送
        </button>
      </div>
    </footer>
  );
}
