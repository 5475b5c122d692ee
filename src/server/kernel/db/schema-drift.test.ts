import { integer, type PgColumnBuilderBase, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import type { Database } from './database';
import { formerParts } from './former-names';
import * as schema from './schema';
import {
  declaredShape,
  migratedShape,
  type SchemaShape,
  shapeDifferences,
  type TableShape,
  withoutFormerParts,
} from './schema-drift';

let database: Database;
let migrated: SchemaShape;
beforeAll(async () => {
  database = await createTestDatabase();
  migrated = await migratedShape(database.db);
});
afterAll(() => database.close());

describe('the drizzle schema and the migrations in drizzle/', () => {
  it('describe the same tables, columns, types, NOT NULLs, keys, indexes and constraints', () => {
    expect(shapeDifferences(declaredShape(schema), withoutFormerParts(migrated, formerParts))).toEqual([]);
  });

  it('keep for one release exactly the parts listed as former, and nothing else undeclared', () => {
    const former = shapeDifferences(declaredShape(schema), migrated).sort();
    expect(former).toContain('cart_lines.tool_id: migrated, not declared');
    expect(former).toContain('index stock_levels_former_key on stock_levels: migrated, not declared');
    expect(former).toContain('constraint orders_tool_id_tools_id_fk on orders: not declared');
    const listed = Object.values(formerParts).reduce(
      (n, p) => n + p.columns.length + (p.indexes?.length ?? 0) + (p.constraints?.length ?? 0),
      0,
    );
    expect(former).toHaveLength(listed);
  });

  it('every table of the schema is compared (the comparison is not vacuous)', () => {
    const declared = declaredShape(schema);
    expect(Object.keys(declared).length).toBeGreaterThan(40);
    expect(declared.orders?.columns.status).toEqual({ type: 'text', notNull: true });
    expect(migrated.orders?.indexes.orders_unpaid_expires_idx).toEqual({
      unique: false,
      columns: ['expires_at'],
    });
  });

  it('name a column added to the schema without a migration, and a type or NOT NULL changed', () => {
    // A copy of the profiles table (user_id's foreign key aside), first shown to match, then grown.
    const profileColumns = {
      userId: text('user_id').primaryKey(),
      education: text('education').notNull(),
      address: text('address').notNull(),
      linkedin: text('linkedin').notNull(),
      phone: text('phone').notNull(),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    };
    const asMigrated = { profiles: { ...(migrated.profiles as TableShape), constraints: [] } };
    const differences = (columns: Record<string, PgColumnBuilderBase>) =>
      shapeDifferences(declaredShape({ profiles: pgTable('profiles', columns) }), asMigrated);

    expect(differences(profileColumns)).toEqual([]);
    expect(differences({ ...profileColumns, colour: text('colour') })).toEqual([
      'profiles.colour: declared, not migrated',
    ]);
    expect(differences({ ...profileColumns, phone: integer('phone') })).toEqual([
      'profiles.phone: declared {"type":"integer","notNull":false}, migrated {"type":"text","notNull":true}',
    ]);
    expect(differences({ ...profileColumns, phone: text('phone').notNull().unique() })).toEqual([
      'constraint profiles_phone_unique on profiles: not migrated',
    ]);
  });
});
