import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BooksQuery, BooksReport, bookFiles } from '../../../contract/books';
import { errorResponses } from '../../kernel/http';
import { bookFile, booksReport } from '../../modules/books';

const FileParams = z.object({ file: z.enum(bookFiles) });

/** The books (docs/books.md): the finance page's figures and the accountant's files, the owner's alone. */
export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manage/books',
    {
      config: { access: 'books.read' },
      schema: {
        tags: ['manage'],
        summary:
          'The books of a period (owner): sales, discounts, returns, shipping, taxes, cores, payments and refunds, by day, week or month; taxes by state; sales by product; refunds by reason; payments by provider',
        querystring: BooksQuery,
        response: { 200: BooksReport, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => booksReport(app.db, request.query),
  );

  app.get(
    '/manage/books/:file.csv',
    {
      config: { access: 'books.read' },
      schema: {
        tags: ['manage'],
        summary:
          "The accountant's files of a period as CSV, streamed (owner): orders, order lines, refunds, taxes by jurisdiction, payments",
        params: FileParams,
        querystring: BooksQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${request.params.file}-${request.query.from}-${request.query.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(bookFile(app.db, request.params.file, request.query)),
  );
};
