import { useStore } from '@nanostores/react';
import { DatabaseBackup } from 'lucide-react';
import { useEffect, useState } from 'react';
import { dataSize, downloadBackup } from '../../../lib/api/admin/backup.ts';
import type { DataSizes } from '../../../lib/contract/admin-backup.ts';
import { toast } from '../../../stores/toast.ts';
import { bytesText } from '../../kit/bytes.ts';
import kit from '../../kit/kit.module.css';
import o from '../../kit/ops.module.css';
import styles from '../../kit/screens.module.css';
import { $gate } from '../../stores.ts';

/** /admin/backups: download a consistent copy of the database, and the data folder's size. */
export default function BackupsScreen() {
  const gate = useStore($gate);
  const [sizes, setSizes] = useState<DataSizes | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (gate === 'admin') dataSize().then(setSizes, () => {});
  }, [gate]);

  const download = async () => {
    setBusy(true);
    try {
      const { blob, name } = await downloadBackup();
      // The backup is fetched with the admin's token (a plain link could not send it), so the browser
      // is handed the bytes as a blob and a one-off link to save them under the server's file name.
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // Not at once: the browser may still be reading the blob into the file when click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast(`备份已下载：${name}`, 'success', '提示');
    } catch {
      /* the toast says why */
    } finally {
      setBusy(false);
    }
  };

  // On PostgreSQL there is no file to hand out: the screen points to pg_dump instead.
  const pg = sizes?.dialect === 'postgres';
  return (
    <div className={o.page}>
      <section className={styles.panel} aria-labelledby="backup-title">
        <h2 id="backup-title" className={o.heading}>
          数据库备份
        </h2>
        <p className={styles.notice} role="note">
          <strong>请像保管密码一样保管备份文件。</strong>
          它含有每个账号的密码哈希和两步验证密钥：拿到它的人能为开启了两步验证的账号算出验证码，只差猜出密码。不要发给别人，不要放进公开的网盘或代码仓库。
        </p>
        {pg ? (
          <p className={o.pre}>{sizes?.pgDump}</p>
        ) : (
          <>
            <p className={styles.muted}>
              下载一份完整一致的 SQLite 数据库副本（与命令 npm run blog -- backup &lt;文件&gt;
              相同；备份时写入的内容要么全在、要么全不在）。
            </p>
            <p className={o.row}>
              <button type="button" className={kit.primary} disabled={busy || !sizes} onClick={download}>
                <DatabaseBackup size={16} aria-hidden />
                {busy ? '正在备份…' : '下载数据库备份'}
              </button>
            </p>
          </>
        )}
        <Contents />
      </section>
      <section aria-labelledby="size-title">
        <h2 id="size-title" className={o.heading}>
          数据目录占用
        </h2>
        {sizes ? (
          <>
            <dl className={o.sizes}>
              {(
                [
                  ['数据库', pg ? '在 PostgreSQL 中' : bytesText(sizes.database)],
                  ['上传文件', bytesText(sizes.uploads)],
                  ['音乐', bytesText(sizes.music)],
                  ['合计', bytesText(sizes.total)],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className={o.size}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            <p className={styles.muted}>统计于 {sizes.measuredAt}（每分钟最多统计一次）</p>
          </>
        ) : (
          <p className={styles.muted}>统计中…</p>
        )}
      </section>
    </div>
  );
}

/**
 * What a backup holds and what it leaves out (docs/decisions/0012-backups-without-secrets.md): the
 * download, the CLI's `backup` and the pg_dump of the PostgreSQL how-to alike (services/backup.ts
 * NOT_IN_BACKUPS).
 */
function Contents() {
  return (
    <dl className={o.contents}>
      <div>
        <dt>备份包含</dt>
        <dd>
          文章（含草稿和回收站）、分类与标签、说说、相册和照片的信息、评论与留言、友链、番剧、资源与网站、站点资料与页面横幅、聊天记录、访问统计和审计日志等，以及用户账号（含密码哈希，不含明文密码；开启了两步验证的账号含其验证密钥和恢复码的哈希，恢复后照常使用）。
        </dd>
      </div>
      <div>
        <dt>备份不含</dt>
        <dd>
          签名密钥等机密（拿到备份的人无法凭它伪造登录）和音乐播放器的网易云登录；上传的图片和音乐文件本身也不在其中，它们存放在
          UPLOADS_DIR 和 MUSIC_DIR（默认是数据目录下的 uploads 和 music 文件夹），请另外复制。
        </dd>
      </div>
      <div>
        <dt>恢复之后</dt>
        <dd>
          用备份恢复的站点首次启动时会生成新的签名密钥，所有人（包括管理员）都要重新登录。备份含有密码哈希和两步验证密钥，请妥善保管。
        </dd>
      </div>
    </dl>
  );
}
