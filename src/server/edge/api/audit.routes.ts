import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPage, AuditQuery } from '../../../contract/audit';
import { listAudit } from '../../kernel/audit';
import { errorResponses } from '../../kernel/http';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['audit'],
        summary: 'Who changed what in the store, newest first (owner)',
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
