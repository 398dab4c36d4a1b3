import { useStore } from '@nanostores/react';
import { Archive, Play, Upload } from 'lucide-react';
import { useState } from 'react';
import {
  downloadArchive,
  type Prepared,
  prepareFile,
  prepareMysql,
  runImport,
} from '../../../lib/api/admin/import.ts';
import { type ImportReport, KIND_NAME, type ReportLine } from '../../../lib/contract/admin-import.ts';
import { kinds, perKind, total } from '../../../lib/import-report.ts';
import { toast } from '../../../stores/toast.ts';
import kit from '../../kit/kit.module.css';
import o from '../../kit/ops.module.css';
import styles from '../../kit/screens.module.css';
import { $gate } from '../../stores.ts';
import s from './import.module.css';

/**
 * /admin/import (docs/owner-guide.md#导入与导出): a file or a mysql:// address, its dry run, the run,
 * its report; and the whole-site archive to download.
 */
export default function ImportScreen() {
  const gate = useStore($gate);
  const [file, setFile] = useState<File | null>(null);
  const [mysql, setMysql] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'' | 'dry' | 'run' | 'archive'>('');

  const dry = async () => {
    setBusy('dry');
    setReport(null);
    setPrepared(null);
    try {
      setPrepared(file ? await prepareFile(file, setProgress) : await prepareMysql(mysql.trim()));
    } catch {
      /* the toast says why */
    } finally {
      setBusy('');
      setProgress(null);
    }
  };

  const run = async () => {
    if (!prepared) return;
    setBusy('run');
    try {
      const done = await runImport(prepared.token);
      setReport(done);
      setPrepared(null);
      toast(
        done.failed.length ? `导入完成，${done.failed.length} 项失败` : '导入完成',
        done.failed.length ? 'warning' : 'success',
        '提示',
      );
    } catch {
      /* the toast says why */
    } finally {
      setBusy('');
    }
  };

  const archive = async () => {
    setBusy('archive');
    try {
      const { blob, name } = await downloadArchive();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // Not at once: the browser may still be reading the blob into the file when click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast(`全站归档已下载：${name}`, 'success', '提示');
    } catch {
      /* the toast says why */
    } finally {
      setBusy('');
    }
  };

  const ready = gate === 'admin' && !busy && (file || /^mysql:\/\//i.test(mysql.trim()));
  return (
    <div className={o.page}>
      <section className={styles.panel} aria-labelledby="import-title">
        <h2 id="import-title" className={o.heading}>
          导入
        </h2>
        <p className={styles.muted}>
          文章：WordPress 导出的 .xml、Hexo / Hugo / Jekyll 博客的 .zip、Typecho 的 SQLite
          数据库文件；评论：Waline、Twikoo 的 .json 导出、Artalk 的 .artrans、Disqus 的
          .xml（先导入文章，再导入评论）；本站的全站归档 .tar.gz；或原项目、Typecho 的 mysql://
          数据库地址。先试运行（不写入任何内容），确认后再导入；再次导入同一来源不会重复创建。
        </p>
        <div className={kit.field}>
          <label className={kit.label} htmlFor="import-file">
            文件
          </label>
          <input
            id="import-file"
            type="file"
            accept=".xml,.zip,.gz,.tgz,.json,.jsonl,.artrans,.db,.sqlite,.sqlite3"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPrepared(null);
            }}
          />
        </div>
        <div className={kit.field}>
          <label className={kit.label} htmlFor="import-mysql">
            <span className={s.or}>或</span>数据库地址（原项目或 Typecho）
          </label>
          <input
            id="import-mysql"
            className={kit.input}
            placeholder="mysql://用户:密码@主机/数据库"
            value={mysql}
            disabled={Boolean(file)}
            onChange={(e) => setMysql(e.target.value)}
          />
          <span className={kit.hint}>
            只连接公网地址；本机或内网的数据库请在服务器上用 npm run blog -- import 地址 --allow-private
          </span>
        </div>
        <p className={kit.row}>
          <button type="button" className={kit.button} disabled={!ready} onClick={dry}>
            <Upload size={16} aria-hidden />
            {busy === 'dry' ? '试运行中…' : '试运行'}
          </button>
          {progress !== null && (
            <progress className={kit.progress} value={progress} max={1} aria-label="上传进度" />
          )}
          <button type="button" className={kit.primary} disabled={!prepared || Boolean(busy)} onClick={run}>
            <Play size={16} aria-hidden />
            {busy === 'run' ? '正在导入…' : '开始导入'}
          </button>
        </p>
        {prepared && <Report report={prepared.report} />}
        {report && <Report report={report} />}
      </section>
      <section aria-labelledby="export-title">
        <h2 id="export-title" className={o.heading}>
          导出
        </h2>
        <p className={styles.muted}>
          全站归档包含每张表的数据、上传的图片和音乐库，以及带校验和的清单；不含签名密钥等机密。导入到新站点即可搬家（命令
          npm run blog -- import 归档文件）。
        </p>
        <p className={styles.notice} role="note">
          <strong>请像保管密码一样保管归档文件。</strong>
          它和备份一样含有每个账号的密码哈希和两步验证密钥：拿到它的人能为开启了两步验证的账号算出验证码，只差猜出密码。
        </p>
        <p className={o.row}>
          <button
            type="button"
            className={kit.primary}
            disabled={gate !== 'admin' || Boolean(busy)}
            onClick={archive}
          >
            <Archive size={16} aria-hidden />
            {busy === 'archive' ? '正在打包…' : '下载全站归档'}
          </button>
        </p>
      </section>
    </div>
  );
}

function Report({ report: r }: { report: ImportReport }) {
  const created = total(r.created);
  return (
    <div aria-live="polite">
      <h3 className={o.heading}>{r.dryRun ? '试运行报告（尚未写入）' : '导入报告'}</h3>
      <p className={s.summary}>来源：{r.formatName}</p>
      {r.notes.map((n) => (
        <p key={n} className={styles.muted}>
          {n}
        </p>
      ))}
      <p className={s.summary}>
        {r.dryRun ? '将新建' : '已新建'} {created} 项（{kinds(r.created)}）
        {total(r.updated) > 0 && `；更新 ${total(r.updated)} 项（${kinds(r.updated)}）`}
        {total(r.already) > 0 && `；已导入过、跳过 ${total(r.already)} 项（${kinds(r.already)}）`}；用时{' '}
        {(r.ms / 1000).toFixed(1)} 秒
      </p>
      <Kinds report={r} />
      {r.failed.length > 0 && (
        <Lines
          title={`${r.dryRun ? '有错误，无法导入' : '失败'} ${r.failed.length} 项`}
          lines={r.failed}
          failed
        />
      )}
      {r.skipped.length > 0 && <Lines title={`不导入 ${r.skipped.length} 项`} lines={r.skipped} />}
      {r.dryRun && r.toCreate.length > 0 && (
        <Lines title={`将新建（前 ${r.toCreate.length} 项）`} lines={r.toCreate} />
      )}
    </div>
  );
}

/** Per kind: what was (or would be) created, imported before, left out and failed. */
function Kinds({ report: r }: { report: ImportReport }) {
  const rows = perKind(r);
  if (!rows.length) return null;
  return (
    <div className={s.scroll}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">类型</th>
            <th scope="col">{r.dryRun ? '将新建' : '新建'}</th>
            <th scope="col">更新</th>
            <th scope="col">已导入过</th>
            <th scope="col">不导入</th>
            <th scope="col">{r.dryRun ? '有错误' : '失败'}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((k) => (
            <tr key={k.kind}>
              <td>{k.name}</td>
              <td>{k.created}</td>
              <td>{k.updated}</td>
              <td>{k.already}</td>
              <td>{k.skipped}</td>
              <td className={k.failed ? s.failed : undefined}>{k.failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Lines({ title, lines, failed }: { title: string; lines: ReportLine[]; failed?: boolean }) {
  return (
    <>
      <p className={failed ? s.failed : s.summary}>{title}</p>
      <div className={s.scroll}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">类型</th>
              <th scope="col">内容</th>
              <th scope="col">位置</th>
              <th scope="col">说明</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.kind}|${l.where}|${l.label}`}>
                <td>{KIND_NAME[l.kind] ?? l.kind}</td>
                <td>{l.label}</td>
                <td className={s.where}>{l.where}</td>
                <td className={failed ? s.failed : undefined}>{l.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
