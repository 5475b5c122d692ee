import { accountRoot } from '@web/lib/query-keys';

export const vehicleKeys = {
  options: (params: string) => ['vehicles', 'options', params] as const,
  /** My Garage of the signed-in customer; under the account's root so signing out forgets it. */
  garage: [...accountRoot, 'garage'] as const,
};
