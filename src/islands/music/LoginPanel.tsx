import { LoaderCircle, RefreshCw, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { wapi } from '../../lib/api/music.ts';
import { bodyCode } from '../../lib/body-code.ts';
import { QR_POLL_MS } from '../../lib/music-rules.ts';
import { toast } from '../../stores/toast.ts';
import { useLatest } from '../common/use-latest.ts';
import styles from './panel.module.css';

type Props = { onClose: () => void; onSuccess: () => void | Promise<void> };
type Phase = 'loading' | 'waiting' | 'waitingApp' | 'scanned' | 'expired' | 'error';

const HINT: Record<Phase, string> = {
  loading: '正在生成二维码…',
  waiting: '请用已登录本站的手机扫码，或在已登录的浏览器中打开下方链接',
  waitingApp: '请使用音乐 App 扫码登录',
  scanned: '已扫码，请在手机上确认登录',
  expired: '二维码已过期,请重新获取',
  error: '二维码获取失败，请稍后再试',
};

/**
 * Music-service QR login (docs/product.md#music-service-login): key → QR → check every 3 s until 800 or
 * 803.
 */
export default function LoginPanel({ onClose, onSuccess }: Props) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [qr, setQr] = useState<{ img: string; url: string } | null>(null);
  const [ownSite, setOwnSite] = useState(true);
  const timer = useRef<number | undefined>(undefined);
  const done = useRef(false);

  // Through a ref: the player passes an inline onSuccess, and a new one must not start a new QR login.
  const onSuccessRef = useLatest(onSuccess);
  const stop = useCallback(() => window.clearInterval(timer.current), []);

  const start = useCallback(async () => {
    stop();
    setPhase('loading');
    try {
      const key = await wapi<{ data: { unikey: string } }>('login/qr/key', { timestamp: Date.now() });
      const unikey = key.data.unikey;
      const created = await wapi<{ data: { qrimg: string; qrurl: string } }>('login/qr/create', {
        key: unikey,
        qrimg: 'true',
        timestamp: Date.now(),
      });
      setQr({ img: created.data.qrimg, url: created.data.qrurl });
      // The local service's code opens this site's confirm page; a proxied one, the music app.
      const own = new URL(created.data.qrurl, location.href).origin === location.origin;
      setOwnSite(own);
      setPhase(own ? 'waiting' : 'waitingApp');
      timer.current = window.setInterval(async () => {
        try {
          const check = await wapi<{ code: number }>('login/qr/check', {
            key: unikey,
            timestamp: Date.now(),
          });
          const code = bodyCode(check);
          if (code === 800) {
            stop();
            setPhase('expired');
            toast('二维码已过期,请重新获取', 'warning', '温馨提示');
          } else if (code === 802) setPhase('scanned');
          else if (code === 803 && !done.current) {
            done.current = true;
            stop();
            toast('音乐账号登录成功', 'success', '提示');
            await onSuccessRef.current();
          }
        } catch {
          /* a failed poll is retried on the next tick */
        }
      }, QR_POLL_MS);
    } catch {
      setPhase('error');
    }
  }, [onSuccessRef, stop]);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  return (
    <div
      className={styles.login}
      role="dialog"
      aria-modal="true"
      aria-label="扫码登录音乐账号"
      data-music-login
    >
      <div className={styles.loginCard}>
        <button type="button" className={`icon-btn ${styles.loginClose}`} aria-label="关闭" onClick={onClose}>
          <X size={16} />
        </button>
        <h3>扫码登录音乐账号</h3>
        <div className={styles.qrBox} data-phase={phase}>
          {qr && <img src={qr.img} alt="登录二维码" width={180} height={180} data-qr-image />}
          {phase === 'loading' && <LoaderCircle className={styles.spin} size={24} />}
          {(phase === 'expired' || phase === 'error') && (
            <button type="button" className={styles.qrMask} onClick={() => void start()}>
              <RefreshCw size={20} aria-hidden="true" /> 刷新二维码
            </button>
          )}
        </div>
        <p className={styles.loginHint} data-qr-phase={phase}>
          {HINT[phase]}
        </p>
        {qr && ownSite && phase !== 'expired' && (
          <a href={qr.url} target="_blank" rel="noopener" className={styles.loginLink} data-qr-link>
            在本站确认登录
          </a>
        )}
      </div>
    </div>
  );
}
