import { type AccountRole, isStaffRole, ROLE_LABELS } from '@contract/roles';

/** The spec's Admin badge for every staff role, with the role's own name beside it. */
export function RoleBadge({ role }: { role: AccountRole }) {
  if (!isStaffRole(role)) return null;
  return (
    <span className="flex flex-wrap items-center justify-end gap-1">
      <span className="badge badge-primary">Admin</span>
      <span className="text-sm">{ROLE_LABELS[role]}</span>
    </span>
  );
}
