import type { ModuleDescriptor } from '../../kernel/jobs';
import { vehiclesRoutes } from './vehicles.routes';

/**
 * The vehicles the store knows (shipped in a migration) and My Garage. Its routes stay beside it
 * this round (they call nothing above this room).
 */
export const vehiclesModule: ModuleDescriptor = {
  name: 'modules/vehicles',
  tables: ['vehicles', 'garage_vehicles'],
  routes: () => [vehiclesRoutes],
};
