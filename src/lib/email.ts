/**
 * The one rule for an email address the site accepts (registration, the personal center's 邮箱, the
 * blogger's 站长邮箱, and the outbox before it writes a mail): one mailbox in the plain `name@host.tld`
 * form, nothing a mail header could read as a second recipient or a second line. Pure, so the forms and
 * the server never disagree.
 *
 * - One `@`; no spaces, tabs, CR/LF or other control characters anywhere; no `,` `;` `<` `>` `"` `(`…
 *   (so `a@x, b@y`, `a@x\r\nBcc: b@y` and `名字 <a@x>` are refused, not silently never mailed).
 * - The part before `@`: the RFC 5322 dot-atom (letters, digits and ``!#$%&'*+/=?^_`{|}~-``, dots between,
 *   never two together or at an end), at most 64 characters.
 * - The host: at least two labels of letters, digits and `-` (not at a label's ends), each at most 63; the
 *   last is letters (2 or more) or an IDNA `xn--` label. ASCII only: a 中文 domain is typed as its
 *   punycode (`xn--…`).
 * - At most 254 characters in all (RFC 5321's path limit).
 */

export const EMAIL_MAX = 254;

/** What every form and answer says when the rule refuses an address. */
export const EMAIL_INVALID = '邮箱格式不正确';

const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Whether the value, exactly as given (not trimmed), is one address the site may mail. */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const host = value.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return TOP.test(labels[labels.length - 1]);
}

/**
 * A typed address as it is checked and stored: spaces around it (an ASCII or a full-width one, as an
 * input method types) are the form's and dropped; a tab, CR or LF stays, so the rule refuses it.
 */
export const typedEmail = (value: string): string => value.replace(/^[ \u3000]+|[ \u3000]+$/g, '');

/**
 * The check of a typed address: `''` when it passes or is empty (the address is optional where it is
 * asked for), else EMAIL_INVALID.
 */
export function checkEmail(value: string): string {
  const v = typedEmail(value);
  return v === '' || isEmail(v) ? '' : EMAIL_INVALID;
}

/** How addresses are compared and keyed (opt-outs, confirmations, the per-recipient cap). */
export const emailKey = (value: string): string => value.trim().toLowerCase();
