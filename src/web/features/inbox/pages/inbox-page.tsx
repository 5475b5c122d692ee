import { type InboxMessage, InboxReplyInput, type InboxSummary } from '@contract/inbox';
import { pages } from '@contract/pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryState } from '@web/components/ui/query-state';
import { SubmitButton } from '@web/components/ui/submit-button';
import { TextAreaField } from '@web/components/ui/text-field';
import { showServerErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { NotificationSettings } from '@web/shared/notifications/notification-settings';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useInbox, useInboxMessage, useMarkMessage, useReply } from '../api/inbox-calls';

const when = (iso: string) => new Date(iso).toLocaleString();

function MessageBadges({ message }: { message: Pick<InboxSummary, 'readAt' | 'handledAt' | 'replyCount'> }) {
  return (
    <>
      {message.readAt ? null : <span className="badge badge-sm badge-primary">Unread</span>}
      {message.handledAt ? <span className="badge badge-sm badge-success">Handled</span> : null}
      {message.replyCount > 0 ? (
        <span className="badge badge-sm badge-outline">
          {message.replyCount === 1 ? '1 reply' : `${message.replyCount} replies`}
        </span>
      ) : null}
    </>
  );
}

function MessageCard({ message }: { message: InboxSummary }) {
  return (
    <li className={`card card-border ${message.readAt ? 'bg-base-100' : 'bg-base-200'}`}>
      <div className="card-body gap-1 p-4">
        <h3 className={`break-words ${message.readAt ? 'font-normal' : 'font-bold'}`}>
          <Link className="link link-hover" to={pages.inboxMessage.path(message.id)}>
            {message.name}
          </Link>
        </h3>
        <p className="text-sm break-all">{message.email}</p>
        <p className="text-sm break-words text-base-content/80">{message.excerpt}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <MessageBadges message={message} />
          <span>{when(message.createdAt)}</span>
        </div>
      </div>
    </li>
  );
}

/**
 * Inbox (admin): the messages visitors send through the contact form, newest first. Opening one
 * marks it read; an admin marks it handled and replies by e-mail from the message's page.
 */
export function InboxPage() {
  const inbox = useInbox();
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Inbox</h2>
      <NotificationSettings />
      {inbox.data ? (
        <p role="status" className="text-sm">
          {inbox.data.unread === 1 ? '1 unread message' : `${inbox.data.unread} unread messages`}
        </p>
      ) : null}
      <QueryState query={inbox} empty="No messages yet." isEmpty={(data) => data.messages.length === 0}>
        {(data) => (
          <ul className="space-y-3" aria-label="Messages">
            {data.messages.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function ReplyForm({ id }: { id: string }) {
  const reply = useReply(id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InboxReplyInput>({ resolver: zodResolver(InboxReplyInput), defaultValues: { body: '' } });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await reply.mutateAsync(values);
      toast.success('Your reply is on its way.');
      reset();
    } catch (error) {
      showServerErrors(error, setError, ['body'] as const);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-labelledby="reply-heading">
      <h3 id="reply-heading" className="font-semibold">
        Reply by e-mail
      </h3>
      <TextAreaField label="Your reply" rows={6} error={errors.body?.message} {...register('body')} />
      <SubmitButton busy={isSubmitting}>Send reply</SubmitButton>
    </form>
  );
}

function MessageView({ message }: { message: InboxMessage }) {
  const mark = useMarkMessage(message.id);
  const toggleHandled = () =>
    mark.mutate({ handled: !message.handledAt }, { onError: (error) => toast.error(error.message) });
  return (
    <article className="space-y-4">
      <h2 className="text-xl font-semibold break-words">Message from {message.name}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>From</dt>
        <dd className="break-all">
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt>Received</dt>
        <dd>{when(message.createdAt)}</dd>
        <dt>Status</dt>
        <dd className="flex flex-wrap gap-2">
          {message.handledAt ? `Handled ${when(message.handledAt)}` : 'Open'}
        </dd>
      </dl>
      <p className="rounded-box border border-base-300 bg-base-200 p-4 whitespace-pre-wrap break-words">
        {message.message}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={toggleHandled}
          disabled={mark.isPending}
        >
          {message.handledAt ? 'Reopen' : 'Mark handled'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => mark.mutate({ read: false }, { onError: (error) => toast.error(error.message) })}
          disabled={mark.isPending || !message.readAt}
        >
          Mark unread
        </button>
      </div>
      <section className="space-y-2" aria-labelledby="replies-heading">
        <h3 id="replies-heading" className="font-semibold">
          Replies
        </h3>
        {message.replies.length === 0 ? (
          <p className="text-sm text-base-content/70">No reply yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Replies">
            {message.replies.map((reply) => (
              <li key={reply.id} className="rounded-box border border-base-300 p-4">
                <p className="text-xs text-base-content/70">
                  {reply.adminName}, {when(reply.createdAt)}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ReplyForm id={message.id} />
    </article>
  );
}

/** One message: opening it marks it read (once), then it can be marked handled and answered. */
export function InboxMessagePage() {
  const { id = '' } = useParams();
  const message = useInboxMessage(id);
  const mark = useMarkMessage(id);
  const markedFor = useRef<string | null>(null);
  const unread = message.data && !message.data.readAt;
  useEffect(() => {
    if (!unread || markedFor.current === id) return;
    markedFor.current = id;
    mark.mutate({ read: true });
  }, [unread, id, mark]);
  return (
    <div className="space-y-4">
      <Link className="link" to={pages.inbox.path}>
        Back to the Inbox
      </Link>
      <QueryState query={message} empty="">
        {(m) => <MessageView message={m} />}
      </QueryState>
    </div>
  );
}
