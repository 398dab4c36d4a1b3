import { useState } from 'react';
import { type LinkFields, rejectLink, saveLink } from '../../../lib/api/admin/links.ts';
import { linkApplyError } from '../../../lib/community.ts';
import type { FriendLink } from '../../../lib/contract/links.ts';
import { compareGroups, LINK_GROUP_MAX } from '../../../lib/link-groups.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { ImageField } from '../../kit/ImageField.tsx';

/** The groups the links in view already have, once each and by name: the 分组 field offers them. */
const knownGroups = (groups: readonly string[]) => [...new Set(groups.filter(Boolean))].sort(compareGroups);

/** Edits an approved link: name, description, avatar, address, group (the server's rules, said first). */
export function LinkEditDialog({
  link,
  groups,
  onClose,
  onSaved,
}: {
  link: FriendLink;
  /** The groups of the other links, offered as the 分组 field's suggestions. */
  groups: readonly string[];
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const [form, setForm] = useState<LinkFields>({
    site_name: link.site_name,
    site_desc: link.site_desc,
    site_avatar: link.site_avatar,
    url: link.url,
    category: link.category ?? '',
  });
  const [error, setError] = useState('');
  const set = (patch: Partial<LinkFields>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError('');
  };
  // One rule message at a time (the server's order), under the field it is about.
  const on = (words: string) => (error.includes(words) ? error : undefined);
  const submit = async () => {
    const trimmed = {
      site_name: form.site_name.trim(),
      site_desc: form.site_desc.trim(),
      site_avatar: form.site_avatar.trim(),
      url: form.url.trim(),
      category: form.category.trim(),
    };
    // The visitor's application rules (lib/community.ts) plus the group's length, which only the console sets.
    const problem =
      linkApplyError(trimmed) ??
      (trimmed.category.length > LINK_GROUP_MAX ? `分组不能超过${LINK_GROUP_MAX}个字` : null);
    if (problem) {
      setError(problem);
      return false;
    }
    // No idempotency key: an edit sent twice writes the same values again.
    await saveLink(link.id, trimmed);
    toast('修改成功', 'success', '提示');
    await onSaved();
    return true;
  };
  return (
    <FormDialog title={`编辑友链「${link.site_name}」`} onClose={onClose} onSubmit={submit}>
      <TextField
        label="网站名称"
        value={form.site_name}
        onChange={(v) => set({ site_name: v })}
        error={on('名称')}
      />
      <TextField
        label="网站描述"
        multiline
        value={form.site_desc}
        onChange={(v) => set({ site_desc: v })}
        error={on('描述')}
        hint="最多 100 个字"
      />
      <ImageField
        label="网站头像"
        value={form.site_avatar}
        onChange={(v) => set({ site_avatar: v })}
        error={on('头像')}
        hint="可不填：卡片显示网站名称的第一个字"
      />
      <TextField
        label="网站地址"
        inputMode="url"
        value={form.url}
        onChange={(v) => set({ url: v })}
        error={on('地址')}
      />
      <TextField
        label="分组"
        value={form.category}
        onChange={(v) => set({ category: v })}
        error={on('分组')}
        suggestions={knownGroups(groups)}
        placeholder="例如：技术博客"
        hint={`可不填：友链页按分组显示，没有分组的排在最后；最多 ${LINK_GROUP_MAX} 个字`}
      />
    </FormDialog>
  );
}

/** Rejects an application, with a reason the applicant reads in their notification. */
export function LinkRejectDialog({
  link,
  onClose,
  onDone,
}: {
  link: FriendLink;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [reason, setReason] = useState('');
  const tooLong = [...reason.trim()].length > 200;
  const submit = async () => {
    if (tooLong) return false;
    await rejectLink(link.id, reason.trim());
    toast('已拒绝，申请人会收到通知', 'success', '提示');
    await onDone();
    return true;
  };
  return (
    <FormDialog
      title={`拒绝「${link.site_name}」的友链申请`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="拒绝"
    >
      <TextField
        label="原因（可不填）"
        multiline
        value={reason}
        onChange={setReason}
        placeholder="例如：网站暂时无法访问"
        hint="申请人会在消息中看到；申请会被移除，对方可以重新申请"
        error={tooLong ? '原因不能超过200个字' : undefined}
      />
    </FormDialog>
  );
}
