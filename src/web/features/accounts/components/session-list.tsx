import type { SessionView } from '@contract/accounts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { useConfirmedAction } from '@web/components/ui/use-confirmed-action';
import { useEndSessions, useSessions } from '../api/account-calls';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The account's signed-in devices; any other one can be signed out, or all of them at once. */
export function SessionList() {
  const sessions = useSessions();
  const end = useEndSessions();
  const ending = useConfirmedAction(async (which: SessionView | 'others') => {
    const { revoked } = await end.mutateAsync(which === 'others' ? 'others' : { id: which.id });
    if (which !== 'others') return `Signed out ${which.device}.`;
    return revoked === 1 ? 'Signed out 1 other device.' : `Signed out ${revoked} other devices.`;
  }, 'The device could not be signed out. Please try again.');
  const which = ending.item;

  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <h3 id="sessions-title" className="text-lg font-semibold">
        Where you are signed in
      </h3>
      <QueryState query={sessions} empty={null}>
        {({ sessions: list }) => {
          const others = list.filter((s) => !s.current);
          return (
            <>
              <ul className="divide-y divide-base-300 rounded-box border border-base-300">
                {list.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div>
                      <p className="font-medium">
                        {s.device}{' '}
                        {s.current ? <span className="badge badge-success badge-sm">This device</span> : null}
                      </p>
                      <p className="text-sm text-base-content/70">
                        {s.ipAddress ? `${s.ipAddress} · ` : ''}last seen {when(s.lastSeenAt)} · signed in{' '}
                        {when(s.createdAt)}
                      </p>
                    </div>
                    {s.current ? null : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        aria-label={`Sign out ${s.device}, last seen ${when(s.lastSeenAt)}`}
                        onClick={() => ending.ask(s)}
                      >
                        Sign out
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {others.length > 0 ? (
                <button type="button" className="btn btn-sm btn-warning" onClick={() => ending.ask('others')}>
                  Sign out all other devices
                </button>
              ) : (
                <p className="text-sm text-base-content/70">You are not signed in anywhere else.</p>
              )}
            </>
          );
        }}
      </QueryState>
      <ConfirmDialog
        title={which === 'others' ? 'Sign out all other devices?' : 'Sign out this device?'}
        confirmLabel="Sign out"
        {...ending.dialog}
      >
        {which === 'others'
          ? 'Every device but this one will have to log in again.'
          : which
            ? `${which.device}${which.ipAddress ? ` (${which.ipAddress})` : ''} will have to log in again.`
            : null}
      </ConfirmDialog>
    </section>
  );
}
