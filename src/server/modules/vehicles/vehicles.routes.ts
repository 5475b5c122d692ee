import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GarageVehicle,
  Vehicle,
  VehicleOptions,
  VehicleOptionsQuery,
  VinDecoded,
} from '../../../contract/catalog';
import { errorResponses } from '../../kernel/http';
import {
  activateGarageVehicle,
  addToGarage,
  deactivateGarage,
  decodeVin,
  listGarage,
  removeGarageVehicle,
  vehicleOptions,
} from './vehicles.service';

const IdParams = z.object({ id: z.string().max(100) });
const signedInUser = (request: { user: { id: string } | null }) => {
  if (!request.user) throw new Error('the access guard loaded the user before this handler');
  return request.user.id;
};

/** The vehicle picker's lists, VINs read offline, and the signed-in customer's My Garage. */
export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vehicles/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['vehicles'],
        summary: 'The picker: years, then makes for a year, models for a make, engines for a model',
        querystring: VehicleOptionsQuery,
        response: { 200: VehicleOptions, ...errorResponses(400) },
      },
    },
    async (request) => vehicleOptions(app.db, request.query),
  );

  app.get(
    '/vehicles/vin/:vin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['vehicles'],
        summary:
          'Checks a VIN (check digit) and decodes it offline from vPIC: year, make, model, trim, body, engine, drive and fuel where known, with the models to choose from',
        params: z.object({ vin: z.string().max(40) }),
        response: { 200: VinDecoded, ...errorResponses(400) },
      },
    },
    async (request) => decodeVin(app.db, request.params.vin),
  );

  app.get(
    '/garage',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['vehicles'],
        summary: "My Garage: the signed-in customer's vehicles, the active one first",
        response: { 200: z.array(GarageVehicle), ...errorResponses(401) },
      },
    },
    async (request) => listGarage(app.db, signedInUser(request)),
  );

  app.post(
    '/garage',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['vehicles'],
        summary: 'Adds a vehicle to My Garage and makes it the active one',
        body: Vehicle,
        response: { 200: z.array(GarageVehicle), ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => addToGarage(app.db, signedInUser(request), request.body),
  );

  app.delete(
    '/garage/active',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['vehicles'],
        summary: 'Shops without a vehicle: none of My Garage is active, all are kept',
        response: { 200: z.array(GarageVehicle), ...errorResponses(401) },
      },
    },
    async (request) => deactivateGarage(app.db, signedInUser(request)),
  );

  app.put(
    '/garage/:id/active',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['vehicles'],
        summary: 'Makes one of My Garage vehicles the active one',
        params: IdParams,
        response: { 200: z.array(GarageVehicle), ...errorResponses(401, 404) },
      },
    },
    async (request) => activateGarageVehicle(app.db, signedInUser(request), request.params.id),
  );

  app.delete(
    '/garage/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['vehicles'],
        summary: 'Removes a vehicle from My Garage',
        params: IdParams,
        response: { 200: z.array(GarageVehicle), ...errorResponses(401, 404) },
      },
    },
    async (request) => removeGarageVehicle(app.db, signedInUser(request), request.params.id),
  );
};
