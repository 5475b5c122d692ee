import type { ModuleDescriptor } from '../../kernel/jobs';

/** Each customer's address book; one default, kept by a partial unique index. */
export const addressesModule: ModuleDescriptor = { name: 'modules/addresses', tables: ['addresses'] };

export {
  addAddress,
  addAddressIn,
  deleteAddress,
  hasAddress,
  listAddresses,
  updateAddress,
} from './addresses.service';
