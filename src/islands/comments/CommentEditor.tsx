import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { COMMENT_MAX } from '../../lib/community.ts';
import type { UserInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { openLogin } from '../../stores/ui.ts';
import { Avatar } from '../common/Avatar.tsx';
import styles from './comments.module.css';

/** The box a comment or a reply is written in; a visitor is asked to log in first. */
export function CommentEditor({
  user,
  placeholder,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: {
  user: UserInfo | null;
  placeholder: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  async function submit(e?: SubmitEvent) {
    e?.preventDefault();
    if (!user) {
      toast('请先登录', 'warning', '温馨提示');
      openLogin();
      return;
    }
    const content = text.trim();
    if (!content) {
      toast('请输入评论内容', 'warning', '温馨提示');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(content);
      setText('');
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.editor} onSubmit={submit}>
      {user ? <Avatar src={user.avatar} name={user.nick_name} size={36} /> : <Avatar name="?" size={36} />}
      <div className={styles.field}>
        <textarea
          ref={ref}
          value={text}
          maxLength={COMMENT_MAX}
          rows={3}
          placeholder={user ? placeholder : '登录后才能发表评论'}
          aria-label={placeholder}
          onFocus={() => !user && openLogin()}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
        />
        <div className={styles.editorBar}>
          <span className="muted">
            {text.length}/{COMMENT_MAX}
          </span>
          {onCancel && (
            <button type="button" className="btn" onClick={onCancel}>
              取消
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {user ? submitLabel : '登录'}
          </button>
        </div>
      </div>
    </form>
  );
}
