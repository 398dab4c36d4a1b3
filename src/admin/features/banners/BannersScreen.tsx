import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { deletePageHeader, listPageHeaders, savePageHeader } from '../../../lib/api/admin/site.ts';
import { BANNER_ROUTES } from '../../../lib/banner-routes.ts';
import type { PageHeader } from '../../../lib/contract/site.ts';
import { isSiteAddress, SITE_ADDRESS_MESSAGE } from '../../../lib/site-profile.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { ImageField } from '../../kit/ImageField.tsx';
import kit from '../../kit/kit.module.css';
import styles from '../../kit/screens.module.css';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';
import { $gate } from '../../stores.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';
import b from './banners.module.css';

type Route = (typeof BANNER_ROUTES)[number];

/**
 * /admin/banners: every route's banner on one page (the fixed routes of BANNER_ROUTES beside the one
 * answer of every saved banner), each with its preview, a picture field (upload, address, or the media
 * library) and its own 保存 and 删除, so no row waits for another and one refusal stops only its row.
 */
export default function BannersScreen() {
  const gate = useStore($gate);
  const [headers, setHeaders] = useState<PageHeader[] | null>(null);
  const [removing, setRemoving] = useState<{ route: Route; header: PageHeader } | null>(null);

  const load = useCallback(() => listPageHeaders().then(setHeaders, () => {}), []);
  useEffect(() => {
    if (gate === 'admin') void load();
  }, [gate, load]);

  if (!headers) return <p className={styles.muted}>加载中…</p>;
  return (
    <section className={b.page} aria-label="页面横幅">
      <p className={styles.muted}>
        每个页面顶部的大图。建议横向大图（如
        1920×600），原图上传，服务器生成各种尺寸；没有设置的页面显示默认渐变。 改好一行后点这一行的 保存。
      </p>
      <ul className={b.list}>
        {BANNER_ROUTES.map((r) => {
          const header = headers.find((h) => h.route_name === r.route);
          return (
            <BannerRow
              // A new saved banner starts its row afresh (its field shows the saved address).
              key={`${r.route}:${header?.id ?? ''}:${header?.bg_url ?? ''}`}
              route={r}
              header={header}
              onSaved={load}
              onRemove={() => header && setRemoving({ route: r, header })}
            />
          );
        })}
      </ul>
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="删除横幅"
        message={`删除「${removing?.route.label ?? ''}」的横幅后，该页面显示默认渐变背景。`}
        confirmLabel="删除"
        onConfirm={() =>
          removing
            ? deletePageHeader(removing.header.id).then(() => {
                toast('删除成功', 'success', '提示');
                return load();
              })
            : undefined
        }
      />
    </section>
  );
}

type RowProps = { route: Route; header?: PageHeader; onSaved: () => unknown; onRemove: () => void };

function BannerRow({ route, header, onSaved, onRemove }: RowProps) {
  const saved = header?.bg_url ?? '';
  const [url, setUrl] = useState(saved);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const keyed = useIdempotencyKey();
  const changed = url.trim() !== saved;
  const name = `${route.label}横幅`;

  const save = async () => {
    const v = url.trim();
    const broken = !v ? '请上传或填写背景图地址' : !isSiteAddress(v) ? SITE_ADDRESS_MESSAGE : '';
    if (broken) {
      setError(broken);
      return;
    }
    const next = { id: header?.id, route_name: route.route, bg_url: v };
    setBusy(true);
    try {
      // A route without a banner yet: this save creates one, keyed against a retried create.
      if (header) await savePageHeader(next);
      else await keyed((key) => savePageHeader(next, key));
      toast(`${name}已保存`, 'success', '提示');
      await onSaved();
    } catch {
      /* the envelope's message is on screen; the row keeps what was typed */
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={b.row}>
      <form
        aria-label={name}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ImageField
          label={name}
          wide
          value={url}
          error={error}
          onChange={(v) => {
            setUrl(v);
            setError('');
          }}
          chooser={(choose, close) => (
            <MediaPicker title={`选择${name}`} onPick={({ url: picked }) => choose(picked)} onClose={close} />
          )}
        />
        <div className={b.foot}>
          <a href={route.path} target="_blank" rel="noopener" className={b.path}>
            {route.path}
          </a>
          <span className={styles.muted} aria-live="polite">
            {changed ? '未保存' : header ? '' : '未设置，显示默认渐变'}
          </span>
          <span className={b.actions}>
            <button
              type="submit"
              className={kit.primary}
              disabled={!changed || busy}
              aria-label={`保存${name}`}
            >
              保存
            </button>
            {header && (
              <button type="button" className={kit.button} onClick={onRemove} aria-label={`删除${name}`}>
                删除
              </button>
            )}
          </span>
        </div>
      </form>
    </li>
  );
}
