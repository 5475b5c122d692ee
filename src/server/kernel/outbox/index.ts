/**
 * The outbox writes its messages' rows (`publish`); the job runner delivers them (kernel/jobs). A
 * module descriptor, typed where app.ts lists it (kernel/jobs, above, declares the type).
 */
export const outboxModule = { name: 'kernel/outbox', tables: ['outbox_messages'] };

export {
  createOutbox,
  type Delivery,
  type MessageHandler,
  type Outbox,
  type OutboxMessage,
  type Published,
  publish,
  publishStep,
  publishValues,
  type Subscription,
  subscribe,
  type Topic,
  type Topics,
} from './outbox';
export { listOutbox, retryDeadMessage } from './outbox.service';
