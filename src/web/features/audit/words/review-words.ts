import { asRecord, type ChangeLine, NONE } from '@contract/record-words';
import { REVIEW_STATUS_WORDS, type ReviewStatus } from '@contract/reviews.constants';

/** A review published, hidden or answered by a manager: what it says, its status and the store's reply. */
export function reviewLines(before: unknown, after: unknown): ChangeLine[] {
  const a = asRecord(before);
  const b = asRecord(after);
  const status = (v: unknown) => REVIEW_STATUS_WORDS[v as ReviewStatus] ?? (v ? String(v) : NONE);
  const lines: ChangeLine[] = [];
  const comment = b.comment ?? a.comment;
  if (comment) lines.push({ label: 'Review', after: `“${comment}”` });
  if (a.status !== b.status)
    lines.push({ label: 'Status', before: status(a.status), after: status(b.status) });
  if ((a.reply ?? null) !== (b.reply ?? null))
    lines.push({
      label: "The store's reply",
      before: a.reply ? String(a.reply) : NONE,
      after: b.reply ? String(b.reply) : NONE,
    });
  return lines;
}
