import type { SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { removeExpiredAudit } from './audit.service';

/**
 * The audit log: its table, and its retention job (rows older than AUDIT_RETENTION_DAYS go, one
 * instance each hour). A module descriptor (kernel/jobs/module-descriptor.ts, typed where app.ts
 * lists it: this room stands below the one that declares the type).
 */
export const auditModule = {
  name: 'kernel/audit',
  tables: ['audit_log'],
  // The log names each subject as its owner shows it (a product's name, an order's number): a read
  // up the ladder, kept until each owner's face offers the names (docs/decisions/089).
  reads: ['brands', 'categories', 'discounts', 'orders', 'products', 'refunds', 'returns', 'reviews', 'user'],
  jobs: (ctx: { db: Db; config: { audit: { retentionDays: number } }; now: () => SQL | undefined }) => [
    {
      name: 'audit-retention',
      everyMs: 60 * 60 * 1000,
      run: () => removeExpiredAudit(ctx.db, ctx.config.audit.retentionDays, ctx.now()),
    },
  ],
};

export { type AuditChange, auditActorOf, listAudit, recordAudit } from './audit.service';
export { runInRequestScope } from './audit-context';
