import { MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import styles from './row-menu.module.css';

/** One entry of a row's ⋯ menu: a link (`href`) or an action (`onSelect`). */
export type RowMenuItem = {
  label: string;
  href?: string;
  /** Opens in a new tab (查看 on the site). */
  external?: boolean;
  onSelect?: () => void;
  danger?: boolean;
};

/**
 * A row's actions folded behind one ⋯ button, so a list's last column stays one button wide at any width.
 * `label` names the row for screen readers (「操作：<title>」).
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={`操作「${label}」`}>
        <MoreHorizontal size={18} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4}>
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              className={`${styles.item} ${item.danger ? styles.danger : ''}`}
              onSelect={item.onSelect}
              asChild={Boolean(item.href)}
            >
              {item.href ? (
                <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener' } : {})}>
                  {item.label}
                </a>
              ) : (
                item.label
              )}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
