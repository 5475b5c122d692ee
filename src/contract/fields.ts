import { z } from 'zod';

/**
 * Field rules the spec states once and several forms reuse.
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

/** 11 digits starting with 01, as the spec's phone rule says. */
export const PHONE_SHAPE = /^01\d{9}$/;

export const phoneField = z
  .string({ error: 'Phone number is Required' })
  .trim()
  .min(1, 'Phone number is Required')
  .regex(PHONE_SHAPE, 'Phone number must be 11 digits containing number (0-9). it starts with 01');
