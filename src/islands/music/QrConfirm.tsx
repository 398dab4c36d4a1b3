import { useStore } from '@nanostores/react';
import { Disc3 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { HttpError } from '../../lib/api/client.ts';
import { confirmQr, scanQr } from '../../lib/api/music.ts';
import { $token, $userInfo } from '../../stores/session.ts';
import { openLogin } from '../../stores/ui.ts';
import styles from './confirm.module.css';

type Phase = 'idle' | 'confirming' | 'done' | 'cancelled' | 'failed';

/**
 * The page the music QR code opens (/music/confirm?key=…). Opening it does nothing: a link can be
 * sent to anyone, and marking the code scanned would tell the link's author who opened it. Only the
 * click on 确认登录 scans the code (802, the player shows who) and approves it (803), and the player
 * that showed the code signs in.
 */
export default function QrConfirm() {
  const token = useStore($token);
  const user = useStore($userInfo);
  const [key, setKey] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState('');

  useEffect(() => {
    setKey(new URLSearchParams(location.search).get('key') ?? '');
  }, []);

  const confirm = async () => {
    setPhase('confirming');
    try {
      await scanQr(key, { quiet: true });
      await confirmQr(key, { quiet: true });
      setPhase('done');
    } catch (err) {
      setError((err instanceof HttpError && err.message) || '确认失败，请重试');
      setPhase('failed');
    }
  };

  let body: React.ReactNode;
  if (!/^[0-9a-f]{32}$/.test(key)) body = <p className={styles.text}>二维码无效，请在播放器中重新获取</p>;
  else if (!token)
    body = (
      <>
        <p className={styles.text}>请先登录本站账号，再确认登录音乐账号</p>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          登录
        </button>
      </>
    );
  else if (phase === 'done')
    body = (
      <p className={styles.text} data-confirm-state="done">
        已确认登录，可以回到播放器听歌了
      </p>
    );
  else if (phase === 'cancelled') body = <p className={styles.text}>已取消登录</p>;
  else if (phase === 'failed')
    body = (
      <p className={styles.text} data-confirm-state="failed">
        {error}
      </p>
    );
  else
    body = (
      <>
        <p className={styles.text}>
          以 <strong>{user?.nick_name ?? '当前账号'}</strong> 的身份登录音乐播放器？
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-primary"
            disabled={phase !== 'idle'}
            onClick={confirm}
            data-confirm-button
          >
            确认登录
          </button>
          <button type="button" className="btn" onClick={() => setPhase('cancelled')}>
            取消
          </button>
        </div>
      </>
    );

  return (
    <section className={`card ${styles.card}`} aria-label="确认登录音乐账号">
      <Disc3 size={40} className={styles.icon} aria-hidden="true" />
      <h1 className={styles.title}>确认登录音乐账号</h1>
      {body}
    </section>
  );
}
