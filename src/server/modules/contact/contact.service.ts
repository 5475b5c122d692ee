import type { ContactMessageInput } from '../../../contract/contact';
import type { Db } from '../../db/database';
import { contactMessages } from '../../db/schema';

/** Keeps a visitor's message for the store's staff; the input is already validated by the contract. */
export async function saveContactMessage(
  db: Db,
  input: ContactMessageInput,
): Promise<{ insertedId: string }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ email: input.email.toLowerCase(), name: input.name, message: input.message })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return { insertedId: row.id };
}
