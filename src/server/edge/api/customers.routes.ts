import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerDetail,
  CustomerParams,
  CustomersPage,
  CustomersQuery,
  RoleChangeAnswer,
  RoleChangeInput,
} from '../../../contract/customers';
import { errorResponses } from '../../kernel/http';
import { changeRole, getCustomer, listCustomers } from '../../modules/accounts';

/** The customers list and roles; each route declares who may call it. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary: 'Every account with its paid orders and what it spent (manager, owner)',
        querystring: CustomersQuery,
        response: { 200: CustomersPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listCustomers(app.db, request.query),
  );

  app.get(
    '/customers/:id',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary: "One customer's orders and addresses (manager, owner)",
        params: CustomerParams,
        response: { 200: CustomerDetail, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getCustomer(app.db, request.params.id),
  );

  app.put(
    '/customers/:id/role',
    {
      config: { access: 'roles.write' },
      schema: {
        tags: ['accounts'],
        summary: "Change an account's role: manager, staff or customer (owner)",
        params: CustomerParams,
        body: RoleChangeInput,
        response: { 200: RoleChangeAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeRole(app.db, request.params.id, request.body.role),
  );
};
