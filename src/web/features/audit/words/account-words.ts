import { asRecord, type ChangeLine, countText, NONE } from '@contract/record-words';
import { type AccountRole, accountRoles, ROLE_LABELS } from '@contract/roles';

/** An account's role changed, and a failed outbox message sent again. */

const roleText = (role: unknown) =>
  (accountRoles as readonly string[]).includes(String(role))
    ? ROLE_LABELS[role as AccountRole]
    : role
      ? String(role)
      : NONE;

export function roleLines(before: unknown, after: unknown): ChangeLine[] {
  const a = asRecord(before);
  const b = asRecord(after);
  const lines: ChangeLine[] = [
    { label: 'Role', before: roleText(a.role ?? 'customer'), after: roleText(b.role) },
  ];
  if (b.by)
    lines.push({ label: 'By', after: b.by === 'ADMIN_EMAILS' ? 'the ADMIN_EMAILS setting' : String(b.by) });
  return lines;
}

export function outboxLines(before: unknown, after: unknown): ChangeLine[] {
  const a = asRecord(before);
  const b = asRecord(after);
  const lines: ChangeLine[] = [
    { label: 'Message', after: [b.topic, b.subscriber].filter(Boolean).join(' to ') || NONE },
    { label: 'Status', before: String(a.status ?? NONE), after: String(b.status ?? NONE) },
  ];
  if (a.attempts !== undefined) lines.push({ label: 'Tries before', after: countText(Number(a.attempts)) });
  if (a.lastError) lines.push({ label: 'Last error', after: String(a.lastError) });
  return lines;
}
