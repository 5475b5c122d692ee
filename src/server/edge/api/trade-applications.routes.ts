import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../contract/ids';
import {
  CERTIFICATE_FILE_MAX_BYTES,
  CERTIFICATE_FILE_TYPES,
  TradeApplication,
  TradeApplicationAnswer,
  TradeApplicationDecision,
  TradeApplicationInput,
  TradeApplicationList,
  tradeApplicationStatuses,
} from '../../../contract/trade';
import { AppError, notFound } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import {
  applyForTrade,
  attachCertificate,
  certificateFileOf,
  decideTradeApplication,
  listTradeApplications,
  myTradeApplication,
} from '../../modules/accounts';

const tags = ['accounts'];
const IdParams = z.object({ id: z.string().max(100) });

/** Trade applications (decision 101): a shop applies with its certificate; a manager decides. */
export const tradeApplicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The certificate's scan arrives as the body, whole (it is kept as it came).
  app.addContentTypeParser([...CERTIFICATE_FILE_TYPES], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/account/trade-application',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Your latest application for trade terms, or null',
        response: { 200: TradeApplicationAnswer, ...errorResponses(401) },
      },
    },
    async (request) => ({ application: await myTradeApplication(app.db, signedIn(request).id) }),
  );

  app.post(
    '/account/trade-application',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Apply for trade terms: business name, tax id and, to buy tax-free for resale, the certificate',
        body: TradeApplicationInput,
        response: { 201: TradeApplication, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await applyForTrade(app.db, signedIn(request).id, request.body)),
  );

  app.put(
    '/account/trade-application/certificate',
    {
      config: { access: 'signedIn' },
      bodyLimit: CERTIFICATE_FILE_MAX_BYTES,
      schema: {
        tags,
        summary:
          "Send your pending application's certificate scan as the body (PDF, PNG or JPEG, up to 4 MB)",
        consumes: [...CERTIFICATE_FILE_TYPES],
        response: { 200: TradeApplication, ...errorResponses(401, 409, 413, 415) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the certificate as a PDF, PNG or JPEG file.');
      return attachCertificate(
        app.db,
        signedIn(request).id,
        request.body,
        request.headers['content-type'] ?? '',
      );
    },
  );

  app.get(
    '/trade-applications',
    {
      config: { access: 'trade.write' },
      schema: {
        tags,
        summary:
          'Applications for trade terms: pending ones oldest first, or all of one status (manager, owner)',
        querystring: z.object({ status: z.enum(tradeApplicationStatuses).optional() }),
        response: { 200: TradeApplicationList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ applications: await listTradeApplications(app.db, request.query.status) }),
  );

  app.get(
    '/trade-applications/:id/certificate',
    {
      config: { access: 'trade.write' },
      schema: {
        tags,
        summary: "An application's certificate scan, as sent (manager, owner)",
        params: IdParams,
        produces: [...CERTIFICATE_FILE_TYPES],
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound('Certificate');
      const file = await certificateFileOf(app.db, request.params.id);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="certificate.${extension(file.type)}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );

  app.post(
    '/trade-applications/:id/decision',
    {
      config: { access: 'trade.write' },
      schema: {
        tags,
        summary:
          'Approve an application into a trade account with its price list, or refuse it with a reason (manager, owner)',
        params: IdParams,
        body: TradeApplicationDecision,
        response: { 200: TradeApplication, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Application');
      return decideTradeApplication(
        app.db,
        app.outbox,
        request.params.id,
        signedIn(request).id,
        request.body,
      );
    },
  );
};

const extension = (type: string) =>
  type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg';
