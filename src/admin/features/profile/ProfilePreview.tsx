import { isSafeUrl } from '../../../lib/article.ts';
import { BRAND_ICONS } from '../../../lib/brand-icons.ts';
import type { SiteProfile } from '../../../lib/contract/site.ts';
import { socialLinks } from '../../../lib/socials.ts';
import styles from '../../kit/screens.module.css';

const QR = [
  { key: 'we_chat_group', label: '微信群' },
  { key: 'qq_group', label: 'QQ 群' },
  { key: 'we_chat_pay', label: '微信收款码' },
  { key: 'ali_pay', label: '支付宝收款码' },
] as const;

const safe = (url: string) => (url && isSafeUrl(url) ? url : '');

/** What /home will show once saved: the banner's title line and the profile card (as you type). */
export function ProfilePreview({ profile }: { profile: SiteProfile }) {
  const bg = safe(profile.avatar_bg);
  // The same links, in the same order and under the same rule, as the home page's profile card.
  const links = socialLinks(profile);
  const codes = QR.filter((q) => safe(profile[q.key]));
  return (
    <aside className={styles.preview} aria-label="预览">
      <p className={styles.previewLabel}>预览（首页）</p>
      <div className={styles.banner}>
        <strong>{profile.blog_name || '博客名称'}</strong>
        {profile.personal_say && <span>{profile.personal_say}</span>}
      </div>
      <div className={styles.card}>
        <div
          className={styles.cardBg}
          style={bg ? { backgroundImage: `url("${bg.replace(/["\\\n]/g, '')}")` } : undefined}
        />
        {safe(profile.blog_avatar) && (
          <img className={styles.avatar} src={profile.blog_avatar} alt="" width={72} height={72} />
        )}
        <p className={styles.cardName}>{profile.blog_name || '博客名称'}</p>
        {profile.personal_say && <p className={styles.muted}>{profile.personal_say}</p>}
        {links.length > 0 && (
          <ul className={styles.socials}>
            {links.map((l) => (
              <li key={l.key} title={l.label}>
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d={BRAND_ICONS[l.icon]} />
                </svg>
                <span className={styles.srOnly}>{l.label}</span>
              </li>
            ))}
          </ul>
        )}
        {profile.blog_notice && (
          <div className={styles.notice}>
            <strong>公告</strong>
            <p>{profile.blog_notice}</p>
          </div>
        )}
      </div>
      {codes.length > 0 && (
        <ul className={styles.codes}>
          {codes.map((q) => (
            <li key={q.key}>
              <img src={profile[q.key]} alt={q.label} width={64} height={64} />
              <span>{q.label}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
