/**
 * One mailbox however its address is spelled: lower-case, a `+tag` dropped, and for Gmail (which
 * ignores dots in the name, and whose googlemail.com is the same mailbox) the name's dots dropped
 * and the domain gmail.com. What is limited per buyer (unpaid holds, a discount's uses per
 * customer) counts this, so a new spelling of one mailbox is not a new buyer. The database's
 * `email_identity` (drizzle/0030) computes the same; a test holds the two together.
 */
export function emailIdentity(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let name = lower.slice(0, at).replace(/\+.*$/, '');
  let domain = lower.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    name = name.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${name}@${domain}`;
}
