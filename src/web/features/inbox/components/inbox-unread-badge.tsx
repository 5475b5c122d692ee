import { useInboxUnread } from '../api/inbox-calls';

/** The number of unread contact messages beside Inbox in the dashboard menu; nothing when none. */
export function InboxUnreadBadge() {
  const unread = useInboxUnread(true);
  const n = unread.data?.unread ?? 0;
  if (n === 0) return null;
  return (
    <span className="badge badge-sm badge-primary" data-testid="inbox-unread">
      {n}
      <span className="sr-only"> unread</span>
    </span>
  );
}
