import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { ImagePlus, Send } from 'lucide-react';
import { type CSSProperties, type ReactNode, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { uploadImage } from '../../browser/upload.ts';
import { addMessage, updateMessage } from '../../lib/api/messages.ts';
import {
  BG_COLORS,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  FONT_WEIGHT_LABELS,
  FONT_WEIGHTS,
  GUEST_NAME_MAX,
  isUploadPath,
  MESSAGE_MAX,
  MESSAGE_TAG_MAX,
  messageStyle,
  TEXT_COLORS,
} from '../../lib/community.ts';
import type { MessageInput } from '../../lib/contract/messages.ts';
import { IMAGE_ACCEPT } from '../../lib/upload.ts';
import { dropMessageList, type Message } from '../../stores/message.ts';
import { $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { openLogin } from '../../stores/ui.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import styles from './publish.module.css';

/** `captcha`: a guest's message needs a solved proof of work (the owner's guest_captcha setting). */
type Props = { editing: Message | null; backgrounds: string[]; tags: string[]; captcha: boolean };

type Form = MessageInput & { nick_name: string };

const BLANK: Form = {
  message: '',
  tag: '',
  color: '#1f2937',
  font_size: 16,
  font_weight: 400,
  bg_color: '#fef3c7',
  bg_url: '',
  nick_name: '',
};

/** The path of an uploaded picture, whether the server answered with a path or a full address. */
function uploadedPath(url: string): string | null {
  try {
    const u = new URL(url, location.origin);
    return u.origin === location.origin && isUploadPath(u.pathname) ? u.pathname : null;
  } catch {
    return null;
  }
}

/** Writes a new guestbook message, or edits one's own (`?id=`), with a live preview of its look. */
export default function MessagePublish({ editing, backgrounds, tags, captcha }: Props) {
  const user = useStore($userInfo);
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form>(() =>
    editing
      ? {
          message: editing.message,
          tag: editing.tag,
          color: editing.color,
          font_size: editing.font_size,
          font_weight: editing.font_weight,
          bg_color: editing.bg_color,
          bg_url: editing.bg_url,
          nick_name: '',
        }
      : BLANK,
  );
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const me = hydrated ? user : null;

  const mayEdit = !editing || (me != null && (me.id === editing.user_id || me.role === 1));
  // A guest writing a new message solves the proof of work: the widget's code is fetched only then.
  const needsCaptcha = captcha && hydrated && !me && !editing;
  const captchaHost = useRef<HTMLDivElement>(null);
  const resetCaptcha = useRef<() => void>(() => {});
  const [solution, setSolution] = useState('');
  const [captchaReady, setCaptchaReady] = useState(false);
  useEffect(() => {
    if (!needsCaptcha) return;
    let live = true;
    import('./captcha.ts').then(
      ({ mountCaptcha }) => {
        if (!live || !captchaHost.current) return;
        resetCaptcha.current = mountCaptcha(captchaHost.current, setSolution);
        setCaptchaReady(true);
      },
      () => toast('人机验证加载失败，请刷新页面重试', 'error', '错误提示'),
    );
    return () => {
      live = false;
    };
  }, [needsCaptcha]);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!me) {
      toast('请先登录', 'warning', '温馨提示');
      openLogin();
      return;
    }
    setUploading(true);
    try {
      const path = uploadedPath(await uploadImage(file));
      if (path) setForm((f) => ({ ...f, bg_url: path, bg_color: 'transparent' }));
      else toast('图片上传失败', 'error', '错误提示');
    } catch {
      // uploadImage has shown why.
    } finally {
      setUploading(false);
    }
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (editing && !me) {
      openLogin();
      return;
    }
    const message = form.message.trim();
    if (!message) {
      toast('请输入留言内容', 'warning', '温馨提示');
      return;
    }
    if (needsCaptcha && !solution) {
      toast('请先完成人机验证', 'warning', '温馨提示');
      return;
    }
    setBusy(true);
    const { nick_name, ...look } = form;
    try {
      if (editing) {
        await updateMessage({ ...look, message, id: editing.id });
        toast('修改成功', 'success', '提示');
      } else {
        const made = await addMessage({
          ...look,
          message,
          ...(me ? {} : { nick_name: nick_name.trim() }),
          ...(needsCaptcha ? { altcha: solution } : {}),
        });
        toast(
          made.review_status === 'published' ? '留言成功' : '留言已提交，站长审核通过后显示',
          'success',
          '提示',
        );
      }
      dropMessageList();
      await navigate(editing ? `/message/detail?id=${editing.id}` : '/message/list');
    } catch {
      // Shown by the HTTP client. A solution is good once: whatever the refusal, ask for a new one.
      if (needsCaptcha) {
        setSolution('');
        resetCaptcha.current();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.publish} onSubmit={submit}>
      <section className={`card ${styles.preview}`} aria-label="预览">
        <h2>预览</h2>
        <div className={styles.note} style={messageStyle(form)} data-preview>
          <p>{form.message || '写下你想说的话…'}</p>
        </div>
        {form.tag && <span className={styles.tagChip}>#{form.tag}</span>}
      </section>

      <section className={`card ${styles.fields}`}>
        {editing && hydrated && !mayEdit && <p className={styles.warn}>只能编辑自己的留言</p>}
        <label className={styles.block}>
          <span>留言内容</span>
          <textarea
            name="message"
            value={form.message}
            maxLength={MESSAGE_MAX}
            rows={5}
            placeholder="写下你想说的话…"
            onChange={(e) => set('message', e.target.value)}
          />
          <small className="muted">
            {form.message.length}/{MESSAGE_MAX}
          </small>
        </label>

        {hydrated && !me && !editing && (
          <label className={styles.row}>
            <span>昵称</span>
            <input
              name="nick_name"
              value={form.nick_name}
              maxLength={GUEST_NAME_MAX}
              placeholder="游客"
              onChange={(e) => set('nick_name', e.target.value)}
            />
          </label>
        )}

        <label className={styles.row}>
          <span>标签</span>
          <input
            name="tag"
            value={form.tag}
            list="message-tags"
            maxLength={MESSAGE_TAG_MAX}
            placeholder="例如：留言"
            onChange={(e) => set('tag', e.target.value)}
          />
          <datalist id="message-tags">
            {tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </label>

        <div className={styles.row}>
          <span aria-hidden="true">文字颜色</span>
          <fieldset className={styles.swatches}>
            <legend className="sr-only">文字颜色</legend>
            {TEXT_COLORS.map((c) => (
              <Choice
                key={c}
                name="color"
                label={c}
                checked={form.color === c}
                className={styles.swatch}
                style={{ background: c }}
                onPick={() => set('color', c)}
              />
            ))}
            <input
              type="color"
              aria-label="自定义文字颜色"
              value={form.color || '#1f2937'}
              onChange={(e) => set('color', e.target.value)}
            />
          </fieldset>
        </div>

        <label className={styles.row}>
          <span>字号 {form.font_size}px</span>
          <input
            type="range"
            name="font_size"
            min={FONT_SIZE_MIN}
            max={FONT_SIZE_MAX}
            value={form.font_size}
            onChange={(e) => set('font_size', Number(e.target.value))}
          />
        </label>

        <div className={styles.row}>
          <span aria-hidden="true">字重</span>
          <fieldset className={styles.weights}>
            <legend className="sr-only">字重</legend>
            {FONT_WEIGHTS.map((w) => (
              <Choice
                key={w}
                name="font_weight"
                label={FONT_WEIGHT_LABELS[w]}
                checked={form.font_weight === w}
                className={styles.weight}
                style={{ fontWeight: w }}
                onPick={() => set('font_weight', w)}
              >
                {FONT_WEIGHT_LABELS[w]}
              </Choice>
            ))}
          </fieldset>
        </div>

        <div className={styles.row}>
          <span aria-hidden="true">背景颜色</span>
          <fieldset className={styles.swatches}>
            <legend className="sr-only">背景颜色</legend>
            {BG_COLORS.map((c) => (
              <Choice
                key={c}
                name="bg_color"
                label={c}
                checked={!form.bg_url && form.bg_color === c}
                className={styles.swatch}
                style={{ background: c }}
                onPick={() => setForm((f) => ({ ...f, bg_color: c, bg_url: '' }))}
              />
            ))}
            <input
              type="color"
              aria-label="自定义背景颜色"
              value={/^#[0-9a-f]{6}$/i.test(form.bg_color) ? form.bg_color : '#ffffff'}
              onChange={(e) => setForm((f) => ({ ...f, bg_color: e.target.value, bg_url: '' }))}
            />
          </fieldset>
        </div>

        <div className={styles.row}>
          <span aria-hidden="true">背景图片</span>
          <fieldset className={styles.bgs}>
            <legend className="sr-only">背景图片</legend>
            <Choice
              name="bg_url"
              label="无背景图片"
              checked={!form.bg_url}
              className={styles.bgNone}
              onPick={() => set('bg_url', '')}
            >
              无
            </Choice>
            {backgrounds.map((url, i) => (
              <Choice
                key={url}
                name="bg_url"
                label={`背景图片 ${i + 1}`}
                checked={form.bg_url === url}
                className={styles.bg}
                style={{ backgroundImage: `url("${url}")` }}
                onPick={() => setForm((f) => ({ ...f, bg_url: url, bg_color: 'transparent' }))}
              />
            ))}
            {me && (
              <label className={styles.upload} aria-busy={uploading}>
                <ImagePlus size={18} aria-hidden="true" />
                <span>{uploading ? '上传中…' : '上传'}</span>
                <input
                  type="file"
                  accept={IMAGE_ACCEPT}
                  className="sr-only"
                  disabled={uploading}
                  onChange={(e) => {
                    void upload(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
              </label>
            )}
          </fieldset>
        </div>

        {needsCaptcha && (
          <div className={styles.row}>
            <span aria-hidden="true">人机验证</span>
            <div className={styles.captcha} data-captcha>
              {!captchaReady && <small className="muted">人机验证加载中…</small>}
              <div ref={captchaHost} />
            </div>
          </div>
        )}

        <div className={styles.bar}>
          <a className="btn" href="/message/list">
            返回留言板
          </a>
          <button type="submit" className="btn btn-primary" disabled={busy || (hydrated && !mayEdit)}>
            <Send size={16} aria-hidden="true" /> {editing ? '保存修改' : '发布留言'}
          </button>
        </div>
      </section>
    </form>
  );
}

/** A radio choice drawn as a swatch, a chip or a picture. */
function Choice({
  name,
  label,
  checked,
  className,
  style,
  onPick,
  children,
}: {
  name: string;
  label: string;
  checked: boolean;
  className: string;
  style?: CSSProperties;
  onPick: () => void;
  children?: ReactNode;
}) {
  return (
    <label className={className} style={style} title={label} data-checked={checked}>
      <input type="radio" name={name} className="sr-only" checked={checked} onChange={onPick} />
      {children ?? <span className="sr-only">{label}</span>}
    </label>
  );
}
