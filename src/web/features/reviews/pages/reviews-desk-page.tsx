import { pages } from '@contract/pages';
import {
  MODERATION_PAGE_SIZE,
  type ModeratedReview,
  REVIEW_REPLY_MAX,
  REVIEW_STATUS_WORDS,
  type ReviewStatus,
} from '@contract/reviews';
import { Pager } from '@web/components/ui/pager';
import { QueryState } from '@web/components/ui/query-state';
import { toast } from '@web/lib/toast';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useHideReview, useModeration, usePublishReview, useReplyToReview } from '../api/moderation-calls';

const TABS: ReadonlyArray<{ status: ReviewStatus; label: string; empty: string }> = [
  { status: 'held', label: 'Awaiting approval', empty: 'No review awaits approval.' },
  { status: 'published', label: 'Published', empty: 'No published review yet.' },
  { status: 'hidden', label: 'Hidden', empty: 'No hidden review.' },
];

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The store's public answer: written, changed or taken away (an empty reply). */
function ReplyForm({ review, onDone }: { review: ModeratedReview; onDone: () => void }) {
  const [text, setText] = useState(review.reply?.text ?? '');
  const reply = useReplyToReview();
  const id = `reply-${review._id}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await reply.mutateAsync({ id: review._id, reply: text });
      toast.success(text.trim() ? 'Reply saved.' : 'Reply removed.');
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The reply could not be saved.');
    }
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={`Reply to ${review.commenter}`}>
      <label htmlFor={id} className="label-text">
        Reply in public (empty: no reply)
      </label>
      <textarea
        id={id}
        className="textarea w-full"
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={reply.isPending}>
          Save reply
        </button>
        <button type="button" className="btn btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReviewItem({ review }: { review: ModeratedReview }) {
  const [replying, setReplying] = useState(false);
  const publish = usePublishReview();
  const hide = useHideReview();
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The review could not be changed.');
    }
  };
  const busy = publish.isPending || hide.isPending;
  return (
    <li
      className="card border border-base-300 bg-base-100"
      data-testid="moderated-review"
      data-review-id={review._id}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span
            className="font-semibold text-orange-700"
            role="img"
            aria-label={`${review.ratings} out of 5`}
          >
            <span aria-hidden="true">{'★'.repeat(review.ratings)}</span>
          </span>
          <span className="font-medium">{review.commenter}</span>
          {review.verified ? (
            <span className="badge badge-success badge-sm">Verified purchase</span>
          ) : (
            <span className="badge badge-ghost badge-sm">Not verified</span>
          )}
          <span className="badge badge-outline badge-sm">{REVIEW_STATUS_WORDS[review.status]}</span>
          <span className="text-base-content/70">
            {shortDate(review.createdAt)} ·{' '}
            {review.productId && review.productName ? (
              <Link className="link" to={pages.product.path(review.productId)}>
                {review.productName}
              </Link>
            ) : (
              'the store'
            )}
          </span>
        </div>
        <blockquote className="wrap-break-word">“{review.comment}”</blockquote>
        {review.reply && !replying ? (
          <div className="rounded-box bg-base-200 p-3 text-sm wrap-break-word">
            <p className="font-semibold">Your reply</p>
            <p>{review.reply.text}</p>
          </div>
        ) : null}
        {replying ? (
          <ReplyForm review={review} onDone={() => setReplying(false)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            {review.status !== 'published' ? (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={busy}
                aria-label={`Publish the review by ${review.commenter}`}
                onClick={() => act(() => publish.mutateAsync(review._id), 'Review published.')}
              >
                Publish
              </button>
            ) : null}
            {review.status !== 'hidden' ? (
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy}
                aria-label={`Hide the review by ${review.commenter}`}
                onClick={() => act(() => hide.mutateAsync(review._id), 'Review hidden.')}
              >
                Hide
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-sm"
              aria-label={`${review.reply ? 'Change the reply to' : 'Reply to'} ${review.commenter}`}
              onClick={() => setReplying(true)}
            >
              {review.reply ? 'Change reply' : 'Reply'}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * Reviews (managers): those awaiting approval first, then the published and hidden ones. Publish,
 * hide, and answer in public; every step is in the audit log.
 */
export function ReviewDeskPage() {
  const [status, setStatus] = useState<ReviewStatus>('held');
  const [page, setPage] = useState(1);
  const desk = useModeration(status, page);
  const tab = TABS.find((t) => t.status === status) ?? TABS[0];
  return (
    <div className="max-w-4xl space-y-4">
      <h2 className="text-xl font-semibold">Moderate reviews</h2>
      <p className="text-base-content/70">
        Which reviews wait for approval is a setting:{' '}
        <Link className="link" to={`${pages.settings.path}#settings-reviews`}>
          Settings, Reviews
        </Link>
        .
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show reviews</legend>
        {TABS.map((t) => (
          <button
            key={t.status}
            type="button"
            className={`btn btn-sm ${t.status === status ? 'btn-primary' : ''}`}
            aria-pressed={t.status === status}
            onClick={() => {
              setStatus(t.status);
              setPage(1);
            }}
          >
            {t.label}
            {t.status === 'held' && desk.data ? ` (${desk.data.held})` : ''}
          </button>
        ))}
      </fieldset>
      <QueryState query={desk} isEmpty={(d) => d.reviews.length === 0} empty={tab?.empty ?? ''}>
        {(data) => (
          <ul className="space-y-3" aria-label={tab?.label}>
            {data.reviews.map((r) => (
              <ReviewItem key={r._id} review={r} />
            ))}
          </ul>
        )}
      </QueryState>
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil((desk.data?.total ?? 0) / MODERATION_PAGE_SIZE))}
        onPage={setPage}
      />
    </div>
  );
}
