import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import o from '../../kit/ops.module.css';
import styles from '../../kit/screens.module.css';
import { $gate, $self } from '../../stores.ts';

// The same settings as the personal center's, in a chunk of their own (the QR code's encoder too).
const TwoFactorPanel = lazy(() => import('../../../islands/user/two-factor/TwoFactorPanel.tsx'));

/** /admin/account: the admin's own sign-in security, two-factor sign-in first. */
export default function AccountScreen() {
  const gate = useStore($gate);
  const self = useStore($self);
  if (gate !== 'admin' || !self) return <p className={styles.muted}>加载中…</p>;
  return (
    <div className={o.page}>
      <section className={styles.panel} aria-labelledby="account-2fa">
        <h2 id="account-2fa" className={o.heading}>
          两步验证
        </h2>
        <p className={o.lead}>
          博主账号能修改整个网站。开启两步验证后，即使密码被猜中或泄露，没有你手机上的验证码也无法登录后台。
        </p>
        <Suspense fallback={<p className={styles.muted}>加载中…</p>}>
          <TwoFactorPanel
            enabled={Boolean(self.otp_enabled)}
            recoveryLeft={self.recovery_left}
            onChanged={(s) => $self.set({ ...self, otp_enabled: s.enabled, recovery_left: s.recoveryLeft })}
          />
        </Suspense>
      </section>
    </div>
  );
}
