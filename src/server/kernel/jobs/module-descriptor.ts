import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { Subscription } from '../outbox';
import type { RecurringJob } from './job-runner';

/** A Fastify plugin of routes, whatever its options and type provider (zod's, or none). */
// biome-ignore lint/suspicious/noExplicitAny: any plugin app.ts may register, zod-typed or not
export type RoutePlugin = FastifyPluginAsync<any, RawServerDefault, any, any>;

/**
 * What a room registers with the app (docs/decisions/083-the-ladder.md), exported once from its
 * face: the tables it owns and those of others it reads, its recurring jobs, its outbox subscribers and its routes. app.ts
 * builds one context and loops over the descriptors; each function names only the part of that
 * context it needs (`Ctx`), so a room never reaches for the app itself. The job runner's jobs,
 * the outbox's subscribers and the table-owner map of the ladder test are read from here.
 */
export interface ModuleDescriptor<Ctx = unknown> {
  /** The room, as the ladder names it (`modules/orders`): the folder whose files may write its tables. */
  name: string;
  /**
   * The tables (SQL names) this room owns: each table has one owner, and the owner's tables are
   * declared in its own schema files of kernel/db, no other room's table beside them (the ladder
   * test; docs/decisions/089). Only the owner writes them and reads them in its queries; other
   * rooms call its face's read functions, or name the table in `reads`.
   */
  tables?: readonly string[];
  /** Tables nobody writes but the database's triggers, listed by the room whose rows they follow. */
  tablesKeptByTriggers?: readonly string[];
  /**
   * Another room's tables this room writes too, each a shared write the owner agreed to (the job
   * runner marks the outbox's messages delivered; accounts change a user's role). Kept short.
   */
  alsoWrites?: readonly string[];
  /**
   * Another room's tables this room's queries read directly (joined in its SQL, or selected with
   * drizzle): the owner's columns are then part of its contract. Every other read of another room's
   * data goes through that room's face. The ladder test fails on a read not declared here.
   */
  reads?: readonly string[];
  /** Recurring jobs: one instance runs each due job (kernel/jobs). */
  jobs?: (ctx: Ctx) => RecurringJob[];
  /** Outbox subscribers; the outbox is built from them, so they get the context without it. */
  subscribers?: (ctx: Omit<Ctx, 'outbox'>) => Subscription[];
  /** Routes under /api. */
  routes?: (ctx: Ctx) => RoutePlugin[];
  /** Routes at the site's root (health, the sitemap, uploaded files). */
  siteRoutes?: (ctx: Ctx) => RoutePlugin[];
}
