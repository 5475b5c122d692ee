import type { AuditEntry } from '@contract/audit';
import { asRecord, type ChangeLine, changeLines, keyWords } from '@contract/record-words';
import { outboxLines, roleLines } from './account-words';
import { bulkLines, importLines, productLines, stockLines, taxonomyLines } from './catalog-words';
import { discountLines } from './discount-words';
import { orderStepLines, refundLines } from './order-words';
import { reviewLines } from './review-words';
import { settingsLines, settingsSectionName } from './settings-words';

/**
 * An audit row in words: a title ("Changed discount SPRING10") and each changed field before and
 * after ("Minimum subtotal: $150.00 → $200.00"). Each kind of row has its formatter beside this
 * file; a kind or action none of them knows (one added since) is still written in plain words.
 */
export interface AuditWords {
  title: string;
  lines: ChangeLine[];
}

/** `order.partly_refunded` -> "partly refunded". */
const verbOf = (action: string) => (action.split('.').slice(1).join(' ') || action).replace(/_/g, ' ');

const DONE: Record<string, string> = {
  created: 'Added',
  updated: 'Changed',
  removed: 'Removed',
  deleted: 'Deleted',
  ended: 'Ended',
  hidden: 'Hid',
  replied: 'Replied to',
};

export function auditWords(entry: AuditEntry): AuditWords {
  const { action, kind, before, after } = entry;
  const verb = verbOf(action);
  const done = DONE[verb] ?? `${verb.charAt(0).toUpperCase()}${verb.slice(1)}`;
  const name = entry.subjectName ?? String(asRecord(before).name ?? asRecord(after).name ?? entry.subjectId);
  switch (kind) {
    case 'product':
      if (action === 'product.bulk_changed')
        return { title: 'Bulk change of products', lines: bulkLines(action, before, after) };
      if (action === 'product.bulk_undone')
        return { title: 'Bulk change undone', lines: bulkLines(action, before, after) };
      if (action === 'product.fitment_corrected') {
        // A wrong listing corrected from the returns desk (decision 092): the vehicle, the order, the rows.
        const a = asRecord(after);
        return {
          title: `Corrected the fitment of product ${name}${a.order ? ` (a return of ${String(a.order)})` : ''}`,
          lines: [
            { label: 'Vehicle taken out', after: String(a.vehicle ?? '') },
            ...productLines(action, { fitment: asRecord(before).fitment }, { fitment: a.fitment }),
          ],
        };
      }
      if (action === 'product.archived')
        return {
          title: `Archived product ${name} (customers ordered it)`,
          lines: productLines(action, before, after),
        };
      return { title: `${done} product ${name}`, lines: productLines(action, before, after) };
    case 'stock':
      return {
        title: `${action === 'stock.counted' ? 'Counted' : 'Adjusted'} the stock of ${name}`,
        lines: stockLines(before, after),
      };
    case 'category':
    case 'brand':
      return { title: `${done} ${kind} ${name}`, lines: taxonomyLines(action, before, after) };
    case 'import':
      return {
        title: `${action === 'import.applied' ? 'Applied' : done} an import${asRecord(after).fileName ? ` of ${asRecord(after).fileName}` : ''}`,
        lines: importLines(action, before, after),
      };
    case 'order':
      return {
        title: `Order ${entry.subjectName ?? ''} ${verb}`.replace('  ', ' '),
        lines: orderStepLines(before, after),
      };
    case 'return':
      return {
        title: `Return of order ${entry.subjectName ?? ''}: ${verb}`.replace('  ', ' '),
        lines: orderStepLines(before, after),
      };
    case 'refund':
      return {
        title: `Refund on order ${entry.subjectName ?? ''}`.trim(),
        lines: refundLines(before, after),
      };
    case 'account':
      return {
        title: `Changed the role of ${asRecord(after).email ?? name}`,
        lines: roleLines(before, after),
      };
    case 'outbox':
      return { title: 'Sent a failed message again', lines: outboxLines(before, after) };
    case 'setting':
      return {
        title: `Saved settings: ${settingsSectionName(entry.subjectId)}`,
        lines: settingsLines(entry.subjectId, before, after),
      };
    case 'discount': {
      const code = entry.subjectName ?? String(asRecord(after).code ?? asRecord(after).name ?? '');
      return { title: `${done} discount ${code}`.trim(), lines: discountLines(before, after) };
    }
    case 'review':
      return { title: `${done} the review by ${name}`, lines: reviewLines(before, after) };
    default:
      return {
        title: `${keyWords(kind)} ${verb}${entry.subjectName ? `: ${entry.subjectName}` : ''}`,
        lines: changeLines(before, after, {}),
      };
  }
}
