import type { ModuleDescriptor } from '../../kernel/jobs';
import { vehiclesRoutes } from './vehicles.routes';

export { loadedVehicleData, loadVehicleData } from './vehicle-data';
export { type ResolvedRange, resolveVehicleRange, vpicModelById } from './vehicle-range';
export { type ClaimedVehicle, resolveClaimVehicle } from './vehicles.service';
export { displayMake, ELEMENTS, engineLabel, FIRST_YEAR, keysOverlap, LAST_YEAR } from './vpic-shape';

/**
 * My Garage, the picker's vehicles and VINs. Its routes stay beside it this round (they call
 * nothing above this room). The vpic_* tables and vehicle_data_loads hold every vehicle from vPIC
 * (docs/decisions/084), loaded at first start by main.ts.
 */
export const vehiclesModule: ModuleDescriptor = {
  name: 'modules/vehicles',
  tables: [
    'vehicles',
    'garage_vehicles',
    'vpic_makes',
    'vpic_models',
    'vpic_model_years',
    'vpic_model_variants',
    'vehicle_data_loads',
  ],
  routes: () => [vehiclesRoutes],
};
