import { useState } from 'react';
import { replyTo } from '../../../lib/api/admin/moderation.ts';
import { COMMENT_MAX } from '../../../lib/community.ts';
import type { ModerationRow } from '../../../lib/contract/admin-comments.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';

/**
 * 回复: the blogger answers a comment or guestbook message from the queue, as an ordinary reply of
 * the admin account (it shows on the site under the blogger's name and notifies the person).
 */
export function ReplyDialog({
  row,
  approve,
  onClose,
  onSent,
}: {
  row: ModerationRow;
  /** For a row not yet published: answering it approves it first (a reply under a hidden item helps nobody). */
  approve: (() => Promise<unknown>) | null;
  onClose: () => void;
  onSent: () => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const send = async () => {
    const content = text.trim();
    if (!content) {
      setError('请输入回复内容');
      return false;
    }
    if (content.length > COMMENT_MAX) {
      setError(`回复不能超过${COMMENT_MAX}个字`);
      return false;
    }
    if (approve) await approve();
    await replyTo(row, content);
    toast('回复成功', 'success', '提示');
    await onSent();
  };
  return (
    <FormDialog title={`回复${row.from_name}`} onClose={onClose} onSubmit={send} submitLabel="发送回复">
      <blockquote>{row.content}</blockquote>
      <TextField
        label="回复内容"
        value={text}
        onChange={(v) => {
          setText(v);
          setError('');
        }}
        error={error}
        multiline
        hint={
          approve
            ? '以博主身份回复；这条内容会先通过审核，再显示回复'
            : '以博主身份回复，会显示在网站上并通知对方'
        }
      />
    </FormDialog>
  );
}
