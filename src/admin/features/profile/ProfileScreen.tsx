import { useStore } from '@nanostores/react';
import { Tabs } from 'radix-ui';
import { type SubmitEvent, useEffect, useState } from 'react';
import { getSiteConfig, updateSiteConfig } from '../../../lib/api/admin/site.ts';
import type { SiteProfile } from '../../../lib/contract/site.ts';
import {
  checkProfile,
  checkProfileField,
  PROFILE_FIELDS,
  PROFILE_GROUPS,
  type ProfileField,
} from '../../../lib/site-profile.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import { ImageField } from '../../kit/ImageField.tsx';
import kit from '../../kit/kit.module.css';
import styles from '../../kit/screens.module.css';
import { $gate } from '../../stores.ts';
import { GuardPanel } from './GuardPanel.tsx';
import { MailPanel } from './MailPanel.tsx';
import { ProfilePreview } from './ProfilePreview.tsx';

type Errors = Partial<Record<keyof SiteProfile, string>>;

// Only the fields this screen edits, with "" for a missing one: the form compares field by field.
const pick = (config: SiteProfile): SiteProfile =>
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f.key, config[f.key] ?? ''])) as SiteProfile;

/** /admin/profile: every field of the config the visitor pages read, with a live preview card. */
export default function ProfileScreen() {
  const gate = useStore($gate);
  const [saved, setSaved] = useState<SiteProfile | null>(null);
  const [form, setForm] = useState<SiteProfile | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [tab, setTab] = useState(PROFILE_GROUPS[0].title);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (gate !== 'admin') return;
    getSiteConfig().then(
      (config) => {
        setSaved(pick(config));
        setForm(pick(config));
      },
      () => {},
    );
  }, [gate]);

  if (!form || !saved) return <p className={styles.muted}>加载中…</p>;

  const set = (key: keyof SiteProfile, value: string) => setForm({ ...form, [key]: value });
  // A field is checked when left, not on every key: an address half typed is not yet an error.
  const blur = (field: ProfileField) =>
    setErrors((e) => ({ ...e, [field.key]: checkProfileField(field, form[field.key]) || undefined }));
  // Compared trimmed, as it would be saved: a trailing space alone is not a change.
  const changed = PROFILE_FIELDS.filter((f) => form[f.key].trim() !== saved[f.key]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy || !form) return;
    const found = checkProfile(form);
    setErrors(found);
    // The fields are split over tabs: show the first tab with an error, or the admin would see none.
    const first = PROFILE_GROUPS.find((g) => g.fields.some((f) => found[f.key]));
    if (first) {
      setTab(first.title);
      return;
    }
    // Only the changed fields are sent, so a save never writes back a value another tab changed meanwhile.
    const patch = Object.fromEntries(changed.map((f) => [f.key, form[f.key].trim()])) as Partial<SiteProfile>;
    setBusy(true);
    try {
      await updateSiteConfig(patch);
      setSaved({ ...saved, ...patch } as SiteProfile);
      toast('修改成功', 'success', '提示');
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.split}>
      <div>
        <form className={styles.panel} onSubmit={submit} noValidate aria-label="站点资料">
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List className={styles.tabs} aria-label="资料分组">
              {PROFILE_GROUPS.map((g) => (
                <Tabs.Trigger key={g.title} value={g.title} className={styles.tab}>
                  {g.title}
                  {g.fields.some((f) => errors[f.key]) && (
                    <span className={styles.dot}>
                      <span className={styles.srOnly}>（有错误）</span>
                    </span>
                  )}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {PROFILE_GROUPS.map((g) => (
              <Tabs.Content
                key={g.title}
                value={g.title}
                className={styles.tabPanel}
                // Every tab stays mounted (hidden, not removed): the browser keeps each field's state and undo.
                forceMount
                hidden={tab !== g.title}
              >
                {g.fields.map((f) =>
                  f.kind === 'image' ? (
                    <ImageField
                      key={f.key}
                      label={f.label}
                      hint={f.hint}
                      value={form[f.key]}
                      error={errors[f.key]}
                      onChange={(v) => set(f.key, v)}
                      onBlur={() => blur(f)}
                    />
                  ) : (
                    <TextField
                      key={f.key}
                      label={f.label}
                      hint={f.hint}
                      value={form[f.key]}
                      error={errors[f.key]}
                      multiline={f.kind === 'textarea'}
                      onChange={(v) => set(f.key, v)}
                      onBlur={() => blur(f)}
                    />
                  ),
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
          <div className={styles.formActions}>
            <span className={styles.muted} aria-live="polite">
              {changed.length ? `${changed.length} 项未保存` : '已保存'}
            </span>
            <button
              type="button"
              className={kit.button}
              disabled={!changed.length || busy}
              onClick={() => {
                setForm(saved);
                setErrors({});
              }}
            >
              还原
            </button>
            <button type="submit" className={kit.primary} disabled={!changed.length || busy}>
              {busy ? '保存中…' : '保存'}
            </button>
          </div>
        </form>
        <GuardPanel />
        <MailPanel />
      </div>
      <ProfilePreview profile={form} />
    </div>
  );
}
