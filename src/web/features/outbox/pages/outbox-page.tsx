import { wireOutboxStatuses } from '@contract/outbox';
import { QueryState } from '@web/components/ui/query-state';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { type OutboxStatus, useOutbox, useRetryMessage } from '../api/outbox-calls';

const labels: Record<OutboxStatus, string> = {
  dead: 'Not delivered',
  pending: 'Waiting',
  delivered: 'Delivered',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * Outbox (admin): what the store sends out (order changes to the order webhook), and what it gave
 * up on after its retries. A message that was not delivered can be sent again once the receiver is
 * fixed.
 */
export function OutboxPage() {
  const [status, setStatus] = useState<OutboxStatus>('dead');
  const outbox = useOutbox(status);
  const retry = useRetryMessage();
  const counts = outbox.data?.counts;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Outbox</h2>
      <p className="max-w-prose text-sm">
        Messages the store sends when an order changes. Each is tried again with growing pauses; after its
        last try it waits here until you send it again.
      </p>
      <fieldset className="join">
        <legend className="sr-only">Show messages</legend>
        {wireOutboxStatuses.map((s) => (
          <button
            key={s}
            type="button"
            className={`btn btn-sm join-item ${status === s ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {labels[s]}
            {counts ? ` (${counts[s]})` : ''}
          </button>
        ))}
      </fieldset>
      <QueryState
        query={outbox}
        empty={status === 'dead' ? 'Every message was delivered.' : 'No messages here.'}
        isEmpty={(data) => data.messages.length === 0}
      >
        {(data) => (
          // Cards rather than a table: a message's key and error are long, and a phone shows all of it.
          <ul className="space-y-3" aria-label="Messages">
            {data.messages.map((m) => (
              <li key={m.id} className="card card-border bg-base-100">
                <div className="card-body gap-2 p-4">
                  <h3 className="font-semibold">{m.topic}</h3>
                  <p className="text-xs break-all">{m.key}</p>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                    <dt>Sent to</dt>
                    <dd>{m.subscriber}</dd>
                    <dt>Tries</dt>
                    <dd>{m.attempts}</dd>
                    <dt>Queued</dt>
                    <dd>{when(m.createdAt)}</dd>
                    {m.deliveredAt ? (
                      <>
                        <dt>Delivered</dt>
                        <dd>{when(m.deliveredAt)}</dd>
                      </>
                    ) : null}
                    {m.lastError ? (
                      <>
                        <dt>Last error</dt>
                        <dd className="break-words">{m.lastError}</dd>
                      </>
                    ) : null}
                  </dl>
                  {m.status === 'dead' ? (
                    <div className="card-actions justify-end">
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={retry.isPending}
                        aria-label={`Send again ${m.key}`}
                        onClick={() =>
                          retry.mutate(m.id, {
                            onSuccess: () => toast.success('The message will be sent again'),
                            onError: (error) => toast.error(error.message),
                          })
                        }
                      >
                        Send again
                      </button>
                    </div>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
