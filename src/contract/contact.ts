import { z } from 'zod';
import { singleAddressField } from './fields';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 2000;

/** The home page's 'Contact Us' form and /contact post this; the store keeps it for admins to read. */
export const ContactMessageInput = z.object({
  // The acknowledgment goes to this address: exactly one, bare (fields.ts).
  email: singleAddressField,
  name: z
    .string({ error: 'Name is Required' })
    .trim()
    .min(1, 'Name is Required')
    .max(CONTACT_NAME_MAX, `Name must be ${CONTACT_NAME_MAX} characters or fewer`),
  message: z
    .string({ error: 'Message is Required' })
    .trim()
    .min(1, 'Message is Required')
    .max(CONTACT_MESSAGE_MAX, `Message must be ${CONTACT_MESSAGE_MAX} characters or fewer`),
});
export type ContactMessageInput = z.infer<typeof ContactMessageInput>;

export const ContactMessageCreated = z.object({ insertedId: z.string() });
export type ContactMessageCreated = z.infer<typeof ContactMessageCreated>;
