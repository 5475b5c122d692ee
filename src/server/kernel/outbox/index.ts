/**
 * The outbox writes its messages' rows (`publish`); the job runner delivers them (kernel/jobs). A
 * module descriptor, typed where app.ts lists it (kernel/jobs, above, declares the type).
 */
export const outboxModule = { name: 'kernel/outbox', tables: ['outbox_messages'] };
