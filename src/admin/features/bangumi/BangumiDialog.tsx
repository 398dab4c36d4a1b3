import { addBangumi, type BangumiInput, updateBangumi } from '../../../lib/api/admin/catalog.ts';
import { BANGUMI_TABS, isHttpUrl, isImageUrl } from '../../../lib/community.ts';
import type { BangumiRow } from '../../../lib/contract/admin-catalog.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { ImageField } from '../../kit/ImageField.tsx';
import kit from '../../kit/kit.module.css';
import { Select } from '../../kit/Select.tsx';
import { useCheckedForm } from '../../kit/use-checked-form.ts';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';

type Form = Record<Exclude<keyof BangumiInput, 'status'>, string> & { status: string };
type Errors = Partial<Record<keyof Form, string>>;

export const STATUS_OPTIONS = BANGUMI_TABS.map((t) => ({ value: String(t.status), label: t.label }));

const toForm = (b?: BangumiRow): Form => ({
  title: b?.title ?? '',
  title_cn: b?.title_cn ?? '',
  cover: b?.cover ?? '',
  status: String(b?.status ?? 1),
  progress: String(b?.progress ?? 0),
  total_episodes: String(b?.total_episodes ?? 0),
  score: String(b?.score ?? 0),
  summary: b?.summary ?? '',
  url: b?.url ?? '',
});

// A whole number as typed (up to 6 digits); anything else is NaN, which check() reports.
const count = (s: string) => (/^\d{1,6}$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);
// Length in characters as the server counts them (code points: an emoji is one, not two).
const chars = (s: string) => [...s.trim()].length;

/** The server's rules (src/server/api/bangumi-admin.ts), said before the call. */
function check(f: Form): Errors {
  const e: Errors = {};
  if (!f.title.trim()) e.title = '请填写番剧名称';
  else if (chars(f.title) > 100) e.title = '番剧名称最多 100 个字';
  if (chars(f.title_cn) > 100) e.title_cn = '中文名最多 100 个字';
  if (f.cover.trim() && !isImageUrl(f.cover.trim())) e.cover = '封面只能是上传的图片或 http(s) 地址';
  const progress = count(f.progress);
  const total = count(f.total_episodes);
  if (Number.isNaN(progress)) e.progress = '进度必须是不小于 0 的整数';
  if (Number.isNaN(total)) e.total_episodes = '总集数必须是不小于 0 的整数';
  else if (total > 0 && progress > total) e.progress = `进度不能超过总集数 ${total}`;
  const score = f.score.trim() === '' ? 0 : Number(f.score);
  if (!/^\d+(\.\d+)?$/.test(f.score.trim() || '0') || score > 10) e.score = '评分应在 0 到 10 之间';
  if (chars(f.summary) > 1000) e.summary = '简介最多 1000 个字';
  if (f.url.trim() && !isHttpUrl(f.url.trim())) e.url = '链接只能是 http(s) 地址';
  return e;
}

/** Create (no entry) or edit a 追番 entry: every field the /bangumi page shows. */
export function BangumiDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry?: BangumiRow;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const { form, errors, set, validate } = useCheckedForm(() => toForm(entry), check);
  const keyed = useIdempotencyKey();
  // false keeps the dialog open (FormDialog); a refusal from the server rejects, which keeps it open too.
  const submit = async () => {
    if (!validate()) return false;
    const input: BangumiInput = {
      title: form.title.trim(),
      title_cn: form.title_cn.trim(),
      cover: form.cover.trim(),
      status: Number(form.status),
      progress: count(form.progress),
      total_episodes: count(form.total_episodes),
      score: Number(form.score.trim() || 0),
      summary: form.summary.trim(),
      url: form.url.trim(),
    };
    // Only a create carries an idempotency key: an update sent twice writes the same values again, a
    // create sent twice (a retry after a lost answer) would make a second row.
    if (entry) await updateBangumi(entry.id, input);
    else await keyed((key) => addBangumi(input, key));
    toast(entry ? '修改成功' : '添加成功', 'success', '提示');
    await onSaved();
  };
  const field = (key: Exclude<keyof Form, 'status' | 'cover'>, label: string, more = {}) => (
    <TextField label={label} value={form[key]} onChange={set(key)} error={errors[key]} {...more} />
  );
  return (
    <FormDialog title={entry ? '编辑番剧' : '添加番剧'} onClose={onClose} onSubmit={submit} wide>
      <div className={kit.columns}>
        {field('title', '番剧名称', { hint: '原名，必填' })}
        {field('title_cn', '中文名', { hint: '有中文名时页面上显示中文名' })}
      </div>
      <ImageField
        label="封面"
        value={form.cover}
        onChange={set('cover')}
        error={errors.cover}
        hint="竖版海报，如 300×420"
      />
      <div className={kit.columns}>
        <Select label="状态" value={form.status} options={STATUS_OPTIONS} onChange={set('status')} />
        {field('progress', '进度（集）', { inputMode: 'numeric' })}
        {field('total_episodes', '总集数', { inputMode: 'numeric', hint: '未知填 0' })}
        {field('score', '评分', { inputMode: 'decimal', hint: '0 到 10' })}
      </div>
      {field('summary', '简介', { multiline: true })}
      {field('url', '链接', { hint: '番剧的介绍页，http(s) 地址，可不填', inputMode: 'url' })}
    </FormDialog>
  );
}
