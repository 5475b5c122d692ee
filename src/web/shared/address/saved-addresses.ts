import type { SavedAddress } from '@contract/addresses';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { addressKeys } from './keys';

/**
 * The customer's saved addresses (under 'account': forgotten at sign-out), read by the address
 * book, the checkout and an order's address form.
 */
export const useSavedAddresses = (enabled = true) =>
  useQuery({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => apiGet<SavedAddress[]>('/addresses', signal),
    enabled,
  });
