import type { ModuleDescriptor } from '../../kernel/jobs';
import { vehiclesRoutes } from './vehicles.routes';

/** My Garage. Its routes stay beside it this round (they call nothing above this room). */
export const vehiclesModule: ModuleDescriptor = {
  name: 'modules/vehicles',
  tables: ['garage_vehicles'],
  routes: () => [vehiclesRoutes],
};
