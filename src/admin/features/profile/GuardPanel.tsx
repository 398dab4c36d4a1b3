import { useEffect, useState } from 'react';
import { getSiteConfig, updateSiteConfig } from '../../../lib/api/admin/site.ts';
import type { GuardSwitches } from '../../../lib/contract/site.ts';
import { toast } from '../../../stores/toast.ts';
import styles from '../../kit/screens.module.css';
import guard from './guard.module.css';

const SWITCHES: { key: keyof GuardSwitches; label: string; hint: string }[] = [
  {
    key: 'guest_captcha',
    label: '游客留言需要人机验证',
    hint: '未登录的访客在留言板留言前，浏览器先完成一次工作量证明（ALTCHA，本站自己出题和校验，不连接任何第三方）',
  },
  {
    key: 'ip_region',
    label: '显示 IP 属地',
    hint: '评论和留言保存时记下省份（国外为国家），显示在昵称下方；查询用离线数据库，不联网',
  },
  {
    key: 'ua_summary',
    label: '显示浏览器与系统',
    hint: '评论和留言保存时记下浏览器与操作系统（如 Chrome · Windows），显示在昵称下方',
  },
];

/**
 * 站点资料's 访客与评论: the guest guard's switches (docs/owner-guide.md#访客与评论), each saved when
 * toggled; the visitor pages follow at once.
 */
export function GuardPanel() {
  const [values, setValues] = useState<GuardSwitches | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getSiteConfig().then(
      (c) => setValues({ guest_captcha: c.guest_captcha, ip_region: c.ip_region, ua_summary: c.ua_summary }),
      () => {},
    );
  }, []);

  if (!values) return null;

  async function toggle(key: keyof GuardSwitches, on: boolean) {
    if (!values) return;
    setBusy(true);
    try {
      await updateSiteConfig({ [key]: on });
      setValues({ ...values, [key]: on });
      toast('修改成功', 'success', '提示');
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`${styles.panel} ${guard.guard}`} aria-label="访客与评论">
      <h2>访客与评论</h2>
      {SWITCHES.map((s) => (
        <label key={s.key} className={guard.row}>
          <input
            type="checkbox"
            checked={values[s.key]}
            disabled={busy}
            onChange={(e) => void toggle(s.key, e.target.checked)}
          />
          <span>
            {s.label}
            <small className={styles.muted}>{s.hint}</small>
          </span>
        </label>
      ))}
    </section>
  );
}
