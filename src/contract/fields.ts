import { z } from 'zod';

/**
 * Field rules docs/requirements.md §5 states once and several forms reuse.
 * Messages are the owner's words, spelling included.
 */

/**
 * The spec's email shape, looked for anywhere in the address as the original store checked it,
 * so first.last@mail.co.uk passes and 'not-an-email' does not.
 */
export const EMAIL_SHAPE = /[A-Za-z0-9]+@[A-Za-z]+\.[A-Za-z]{2,3}/;

export const emailField = z
  .string({ error: 'Email is Required' })
  .trim()
  .min(1, 'Email is Required')
  .max(254, 'Email must be 254 characters or fewer')
  .regex(EMAIL_SHAPE, 'Provide a valid Email');

/** A line break, tab or other control character: never part of an address, and how headers are forged. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** One addr-spec with nothing around it: dot-atom local part, @, a domain of two or more labels. */
const BARE_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Exactly one bare e-mail address, for a form whose address the store then writes to (the contact
 * form's acknowledgment): a list ("a@x.com, b@y.com"), a display name ("Sam <sam@x.com>") or a line
 * break ("a@x.com\r\nBcc: …") is refused with a message saying which, so one submission mails at
 * most one mailbox. The address is kept lower-case, so every spelling of it is one address.
 */
export const singleAddressField = z
  .string({ error: 'Email is Required' })
  .trim()
  .min(1, 'Email is Required')
  .max(254, 'Email must be 254 characters or fewer')
  // Nothing shaped like an address at all ('not an email') gets the spec's own message first.
  .refine((value) => EMAIL_SHAPE.test(value), { message: 'Provide a valid Email', abort: true })
  .refine((value) => !CONTROL_CHARACTER.test(value), {
    message: 'Give one email address on one line, without line breaks or control characters',
    abort: true,
  })
  .refine((value) => !/[,;]/.test(value), { message: 'Give one email address, not a list', abort: true })
  .refine((value) => !/[<>"()\s]/.test(value), {
    message: 'Give the address alone (name@example.com), without a name or angle brackets',
    abort: true,
  })
  .regex(BARE_ADDRESS, 'Provide a valid Email')
  .transform((value) => value.toLowerCase());

/** 11 digits starting with 01, as the phone rule of docs/requirements.md §5 says. */
export const PHONE_SHAPE = /^01\d{9}$/;

export const phoneField = z
  .string({ error: 'Phone number is Required' })
  .trim()
  .min(1, 'Phone number is Required')
  .regex(PHONE_SHAPE, 'Phone number must be 11 digits containing number (0-9). it starts with 01');
