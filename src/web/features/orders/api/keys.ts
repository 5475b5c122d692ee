/** A guest's order, read with its link's token. */
export const guestKeys = {
  order: (token: string) => ['guest-order', token] as const,
  intent: (token: string) => ['guest-order', token, 'payment-intent'] as const,
  returns: (token: string) => ['guest-order', token, 'returns'] as const,
};
