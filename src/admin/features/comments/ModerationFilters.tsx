import { DateField } from '../../kit/DateField.tsx';
import { SearchField } from '../../kit/Field.tsx';
import f from '../../kit/filters.module.css';
import s from '../../kit/moderation.module.css';
import { Select } from '../../kit/Select.tsx';

export type Filters = { type: string; content: string; name: string; from: string; to: string };
export type Author = { id: number; name: string };

const TYPES = [
  { value: 'all', label: '全部类型' },
  { value: '1', label: '文章评论' },
  { value: '2', label: '说说评论' },
  { value: '3', label: '留言回复' },
  { value: '4', label: '留言' },
];

type Props = {
  filters: Filters;
  /** One author's history (a click on a name), shown as a chip that clears it. */
  author: Author | null;
  onChange: (next: Partial<Filters>) => void;
  onClearAuthor: () => void;
};

/** The filters of 评论与留言: kind, text, author, a range of days. */
export function ModerationFilters({ filters, author, onChange, onClearAuthor }: Props) {
  return (
    <div className={f.row}>
      <Select
        label="按类型筛选"
        inline
        value={filters.type}
        options={TYPES}
        onChange={(v) => onChange({ type: v })}
      />
      <SearchField
        label="按内容搜索"
        placeholder="搜索内容"
        value={filters.content}
        onChange={(content) => onChange({ content })}
        className={s.search}
      />
      {author ? (
        <span className={s.chip}>
          只看 {author.name}
          <button type="button" onClick={onClearAuthor} aria-label={`不再只看${author.name}`}>
            ×
          </button>
        </span>
      ) : (
        <SearchField
          label="按作者筛选"
          placeholder="作者昵称"
          value={filters.name}
          onChange={(name) => onChange({ name })}
          className={s.search}
        />
      )}
      <span className={f.range}>
        <DateField
          label="开始日期"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(from) => onChange({ from })}
        />
        <span aria-hidden>至</span>
        <DateField
          label="结束日期"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(to) => onChange({ to })}
        />
      </span>
    </div>
  );
}
