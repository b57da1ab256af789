// Email addresses as spec §5 checks them: trimmed, then a standard pattern. The twin of
// crates/domain/src/email.rs, so the form and the server accept the same addresses.

const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** The trimmed address, or undefined when it is not valid. */
export function normalizeEmail(raw: string): string | undefined {
  const email = raw.trim();
  const at = email.indexOf("@");
  if (at < 0) return undefined;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const validLocal = LOCAL.test(local) && !local.startsWith(".") && !local.endsWith(".") && !local.includes("..");
  const labels = domain.split(".");
  const tld = labels[labels.length - 1] ?? "";
  const validDomain =
    labels.length >= 2 && domain.length <= 253 && labels.every((label) => LABEL.test(label)) && /^[A-Za-z]{2,}$/.test(tld);
  return validLocal && validDomain ? email : undefined;
}

export function isEmail(raw: string): boolean {
  return normalizeEmail(raw) !== undefined;
}
