import { X } from 'lucide-react';
import { useId, useState } from 'react';
import type { DictionaryEntry } from '../../lib/contract/articles.ts';
import { TextField } from '../kit/Field.tsx';
import { ImageField } from '../kit/ImageField.tsx';
import kit from '../kit/kit.module.css';
import styles from './editor.module.css';
import type { EditorForm } from './form.ts';
import { SeoFields } from './SeoFields.tsx';

type Props = {
  form: EditorForm;
  set: (patch: Partial<EditorForm>) => void;
  categories: DictionaryEntry[];
  tags: DictionaryEntry[];
  originError?: string;
  /** Not published yet (new, a draft or scheduled): it may get a publish time. */
  canSchedule?: boolean;
  /** The saved article has a password already. */
  hasPassword?: boolean;
};

/** The article's fields beside the text: cover, description, category, tags, visibility, type, pin. */
export function EditorFields({ form, set, categories, tags, originError, canSchedule, hasPassword }: Props) {
  const id = useId();
  return (
    <div className={styles.fields}>
      <ImageField label="封面" value={form.article_cover} onChange={(v) => set({ article_cover: v })} />
      <TextField
        label="简介"
        multiline
        value={form.article_description}
        onChange={(v) => set({ article_description: v })}
        hint="列表和搜索结果里显示，留空则取正文开头"
      />
      <div className={kit.field}>
        <label className={kit.label} htmlFor={`${id}-cat`}>
          分类
        </label>
        <input
          id={`${id}-cat`}
          className={kit.input}
          // An input with a datalist, not a select: a category typed here that does not exist yet is made
          // by the save (the server creates terms by name).
          list={`${id}-cats`}
          value={form.category_name}
          placeholder="选择或输入新分类"
          onChange={(e) => set({ category_name: e.target.value })}
        />
        <datalist id={`${id}-cats`}>
          {categories.map((c) => (
            <option key={c.id} value={c.name} />
          ))}
        </datalist>
      </div>
      <TagPicker value={form.tagNameList} onChange={(tagNameList) => set({ tagNameList })} tags={tags} />
      <div className={kit.field}>
        <label className={kit.label} htmlFor={`${id}-vis`}>
          可见性
        </label>
        <select
          id={`${id}-vis`}
          className={kit.input}
          // Draft (3) is not a visibility: the save buttons choose it. A draft shows as public here, what 发布 makes it.
          value={form.status === 2 ? 2 : 1}
          onChange={(e) => set({ status: Number(e.target.value) })}
        >
          <option value={1}>公开</option>
          <option value={2}>私密（仅博主可见）</option>
        </select>
      </div>
      {canSchedule && (
        <div className={kit.field}>
          <label className={kit.label} htmlFor={`${id}-at`}>
            定时发布
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            className={kit.input}
            value={form.publish_at}
            onChange={(e) => set({ publish_at: e.target.value })}
          />
          <span className={kit.hint}>留空则按 发布 时立即发布；到时间后文章自动出现，日期即为该时间</span>
        </div>
      )}
      <div className={kit.field}>
        <label className={kit.label} htmlFor={`${id}-type`}>
          类型
        </label>
        <select
          id={`${id}-type`}
          className={kit.input}
          value={form.type}
          onChange={(e) => set({ type: Number(e.target.value) })}
        >
          <option value={1}>原创</option>
          <option value={2}>转载</option>
          <option value={3}>翻译</option>
        </select>
      </div>
      {form.type !== 1 && (
        <TextField
          label="原文链接"
          value={form.origin_url}
          placeholder="https://"
          error={originError}
          onChange={(v) => set({ origin_url: v })}
        />
      )}
      <label className={styles.check}>
        <input type="checkbox" checked={form.locked} onChange={(e) => set({ locked: e.target.checked })} />
        加密（访客需输入密码才能阅读）
      </label>
      {form.locked && (
        <TextField
          label="文章密码"
          value={form.password}
          placeholder={hasPassword ? '已设置，留空则不变' : '输入密码'}
          onChange={(v) => set({ password: v })}
        />
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.is_top === 1}
          onChange={(e) => set({ is_top: e.target.checked ? 1 : 2 })}
        />
        置顶
      </label>
      <SeoFields form={form} set={set} />
    </div>
  );
}

/** Tags: pick from the dictionary or type a new one (Enter or 添加). */
function TagPicker({
  value,
  onChange,
  tags,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  tags: DictionaryEntry[];
}) {
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    // The server's limits: a tag name of at most 20 characters, at most 20 tags an article. A tag beyond
    // them is dropped here rather than refused with the whole save.
    const name = text.trim().slice(0, 20);
    if (name && !value.includes(name) && value.length < 20) onChange([...value, name]);
    setText('');
  };
  return (
    <div className={kit.field}>
      <label className={kit.label} htmlFor={id}>
        标签
      </label>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label="已选标签">
          {value.map((t) => (
            <li key={t}>
              {t}
              <button
                type="button"
                aria-label={`移除标签${t}`}
                onClick={() => onChange(value.filter((x) => x !== t))}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={kit.row}>
        <input
          id={id}
          className={`${kit.input} ${styles.grow}`}
          list={`${id}-tags`}
          value={text}
          placeholder="选择或输入新标签"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the tag, as 添加 does (and never submits a form this may sit in).
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className={kit.button} onClick={add}>
          添加
        </button>
      </div>
      <datalist id={`${id}-tags`}>
        {tags
          .filter((t) => !value.includes(t.name))
          .map((t) => (
            <option key={t.id} value={t.name} />
          ))}
      </datalist>
    </div>
  );
}
