import { useEffect, useState } from 'react';
import { getMailPreferences, setMailPreferences } from '../../lib/api/mail.ts';
import type { MailPreferences } from '../../lib/contract/mail.ts';
import { MAIL_KIND_LABELS } from '../../lib/mail.ts';
import { toast } from '../../stores/toast.ts';
import { MailAddress } from './MailAddress.tsx';
import styles from './user-center.module.css';

const SWITCHES = ['reply', 'review', 'link'] as const;

/**
 * 邮件提醒 in the personal center: the account's address and whether it is confirmed (MailAddress),
 * and the same switches as the unsubscribe links of the mails (docs/owner-guide.md#邮件), kept by the
 * account's address.
 */
export function MailSwitches() {
  const [prefs, setPrefs] = useState<MailPreferences | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getMailPreferences().then(setPrefs, () => {});
  }, []);

  async function flip(kind: (typeof SWITCHES)[number], on: boolean) {
    // The box follows the click at once (a switch that waits for the server feels broken) and goes
    // back if the server refuses.
    const before = prefs;
    setPrefs((p) => p && { ...p, [kind]: on });
    setBusy(true);
    try {
      setPrefs(await setMailPreferences({ [kind]: on }));
      toast(on ? '已开启' : '已关闭', 'success', '提示');
    } catch {
      setPrefs(before); // the envelope's message is on screen
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="uc-mail">
      <h2 id="uc-mail" className={styles.heading}>
        邮件提醒
      </h2>
      {!prefs ? (
        <p className="muted">加载中…</p>
      ) : (
        <>
          <MailAddress prefs={prefs} onChange={setPrefs} />
          {prefs.email &&
            SWITCHES.map((k) => (
              <label key={k} className={styles.switchRow}>
                <input
                  type="checkbox"
                  checked={prefs[k]}
                  disabled={busy}
                  onChange={(e) => flip(k, e.target.checked)}
                />
                {MAIL_KIND_LABELS[k]}
              </label>
            ))}
        </>
      )}
    </section>
  );
}
