import type { MailStatus, MailSummary } from '@contract/mail';
import { pages } from '@contract/pages';
import { QueryState } from '@web/components/ui/query-state';
import { Link, useParams } from 'react-router';
import { useMail, useMails } from '../api/mail-calls';

const statusLabels: Record<MailStatus, string> = {
  kept: 'Not sent: no SMTP server is set up',
  pending: 'Waiting to be sent',
  sent: 'Sent',
};

const when = (iso: string) => new Date(iso).toLocaleString();

function StatusBadge({ status }: { status: MailStatus }) {
  const tone = status === 'sent' ? 'badge-success' : status === 'pending' ? 'badge-warning' : 'badge-neutral';
  return <span className={`badge badge-sm h-auto py-0.5 ${tone}`}>{statusLabels[status]}</span>;
}

function MailCard({ mail }: { mail: MailSummary }) {
  return (
    <li className="card card-border bg-base-100">
      <div className="card-body gap-1 p-4">
        <h3 className="font-semibold break-words">
          <Link className="link link-hover" to={pages.mail.path(mail.id)}>
            {mail.subject}
          </Link>
        </h3>
        <p className="text-sm break-all">To {mail.to}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <StatusBadge status={mail.status} />
          <span>{when(mail.createdAt)}</span>
        </div>
      </div>
    </li>
  );
}

/**
 * Mailbox (admin): every mail the store wrote to its customers. Without an SMTP server none leaves
 * the store; they are kept here so the owner sees exactly what customers would get.
 */
export function MailboxPage() {
  const mails = useMails();
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Mailbox</h2>
      {mails.data && !mails.data.smtpConfigured ? (
        <div role="note" className="alert alert-warning">
          <span>
            Not sent: no SMTP server is set up. Mails are kept here instead; set SMTP_URL and MAIL_FROM to
            send them to customers.
          </span>
        </div>
      ) : null}
      <QueryState query={mails} empty="No mails yet." isEmpty={(data) => data.mails.length === 0}>
        {(data) => (
          <ul className="space-y-3" aria-label="Mails">
            {data.mails.map((mail) => (
              <MailCard key={mail.id} mail={mail} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

/** One mail: its details, the HTML version as a customer's mail program shows it, and the text version. */
export function MailPage() {
  const { id = '' } = useParams();
  const mail = useMail(id);
  return (
    <div className="space-y-4">
      <Link className="link" to={pages.mailbox.path}>
        Back to the Mailbox
      </Link>
      <QueryState query={mail} empty="">
        {(m) => (
          <article className="space-y-4">
            <h2 className="text-xl font-semibold break-words">{m.subject}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt>To</dt>
              <dd className="break-all">{m.to}</dd>
              <dt>Written</dt>
              <dd>{when(m.createdAt)}</dd>
              {m.sentAt ? (
                <>
                  <dt>Sent</dt>
                  <dd>{when(m.sentAt)}</dd>
                </>
              ) : null}
              <dt>Status</dt>
              <dd>
                <StatusBadge status={m.status} />
              </dd>
            </dl>
            {m.secretHidden ? (
              <p className="text-sm">
                The link in this mail opens its recipient's account, so it is hidden here.{' '}
                {m.status === 'kept'
                  ? 'With no SMTP server set up it reached no one: once mail is set up, the recipient asks for a new link.'
                  : "Only the recipient's own mailbox has it."}
              </p>
            ) : null}
            <section className="space-y-2">
              <h3 className="font-semibold">HTML version</h3>
              {/* An empty sandbox: the mail's markup is shown, never run, and cannot reach the store. */}
              <iframe
                title={`HTML version of ${m.subject}`}
                sandbox=""
                srcDoc={m.html}
                className="h-[32rem] w-full rounded-box border border-base-300 bg-white"
              />
            </section>
            <section className="space-y-2">
              <h3 className="font-semibold">Text version</h3>
              <pre className="rounded-box border border-base-300 bg-base-200 p-4 text-sm whitespace-pre-wrap break-words">
                {m.text}
              </pre>
            </section>
          </article>
        )}
      </QueryState>
    </div>
  );
}
