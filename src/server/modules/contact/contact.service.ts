import { randomUUID } from 'node:crypto';
import type { ContactMessageInput } from '../../../contract/contact';
import type { Db } from '../../kernel/db';
import { contactMessages } from '../../kernel/db';
import type { Outbox } from '../../kernel/outbox';
import { publish } from '../../kernel/outbox';

/**
 * Keeps a visitor's message for the store's staff (the admin Inbox); the input is already
 * validated by the contract. The message and its outbox event commit together, so the sender's
 * acknowledgment and the admins' notification go out once for each message stored.
 */
export async function saveContactMessage(
  db: Db,
  outbox: Outbox,
  input: ContactMessageInput,
): Promise<{ insertedId: string }> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(contactMessages)
      .values({ id, email: input.email.toLowerCase(), name: input.name, message: input.message });
    await publish(tx, outbox, 'contact.received', `contact-message:${id}`, { messageId: id });
  });
  return { insertedId: id };
}
