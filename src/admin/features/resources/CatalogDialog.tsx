import { type CatalogInput, type CatalogKind, saveCatalogRow } from '../../../lib/api/admin/catalog.ts';
import { isHttpUrl, isImageUrl } from '../../../lib/community.ts';
import type { SiteRow } from '../../../lib/contract/admin-catalog.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { ImageField } from '../../kit/ImageField.tsx';
import { useCheckedForm } from '../../kit/use-checked-form.ts';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';

/** The dialog's fields (the order is kept by the list's ↑ ↓, not typed). */
type Form = Omit<CatalogInput, 'order'>;
type Errors = Partial<Record<keyof Form, string>>;

// Length in characters as the server counts them (code points: an emoji is one, not two).
const chars = (s: string) => [...s.trim()].length;

/** The server's rules (src/server/api/catalog-admin.ts), said before the call. */
function check(f: Form): Errors {
  const e: Errors = {};
  if (!f.category.trim()) e.category = '请填写分类';
  else if (chars(f.category) > 20) e.category = '分类最多 20 个字';
  if (!f.name.trim()) e.name = '请填写名称';
  else if (chars(f.name) > 50) e.name = '名称最多 50 个字';
  if (chars(f.desc) > 200) e.desc = '描述最多 200 个字';
  if (!isHttpUrl(f.url.trim())) e.url = '链接只能是 http(s) 地址';
  if (f.icon.trim() && !isImageUrl(f.icon.trim())) e.icon = '图标只能是上传的图片或 http(s) 地址';
  return e;
}

type Props = {
  kind: CatalogKind;
  /** What one row is called: 资源 or 网站. */
  noun: string;
  row?: SiteRow;
  /** The categories in use, offered as the category is typed (a new one may be typed too). */
  categories: string[];
  /** A new row starts in the category the list is showing. */
  category?: string;
  onClose: () => void;
  onSaved: () => unknown;
};

/** Create (no row) or edit one resource or site: category, name, description, link, icon. */
export function CatalogDialog({ kind, noun, row, categories, category, onClose, onSaved }: Props) {
  const { form, errors, set, validate } = useCheckedForm<Form>(
    () => ({
      category: row?.category ?? category ?? '',
      name: row?.name ?? '',
      desc: row?.desc ?? '',
      url: row?.url ?? '',
      icon: row?.icon ?? '',
    }),
    check,
  );
  const keyed = useIdempotencyKey();
  const submit = async () => {
    if (!validate()) return false;
    const { category: c, name, desc, url, icon } = form;
    const input = {
      category: c.trim(),
      name: name.trim(),
      desc: desc.trim(),
      url: url.trim(),
      icon: icon.trim(),
    };
    // Only a create carries an idempotency key: an update sent twice writes the same values again, a
    // create sent twice (a retry after a lost answer) would make a second row.
    if (row) await saveCatalogRow(kind, row.id, input);
    else await keyed((key) => saveCatalogRow(kind, undefined, input, key));
    toast(row ? '修改成功' : '添加成功', 'success', '提示');
    await onSaved();
  };
  return (
    <FormDialog title={`${row ? '编辑' : '添加'}${noun}`} onClose={onClose} onSubmit={submit}>
      <TextField
        label="分类"
        value={form.category}
        onChange={set('category')}
        error={errors.category}
        suggestions={categories}
        hint="选择已有分类，或输入新分类的名称（最多 20 个字）"
      />
      <TextField label="名称" value={form.name} onChange={set('name')} error={errors.name} />
      <TextField label="描述" value={form.desc} onChange={set('desc')} error={errors.desc} multiline />
      <TextField
        label="链接"
        value={form.url}
        onChange={set('url')}
        error={errors.url}
        inputMode="url"
        placeholder="https://"
      />
      <ImageField
        label="图标"
        value={form.icon}
        onChange={set('icon')}
        error={errors.icon}
        hint="方形小图，可不填"
      />
    </FormDialog>
  );
}
