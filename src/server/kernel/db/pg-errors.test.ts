import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import type { Database } from './database';
import { isForeignKeyViolation, isUniqueViolation, pgErrorCode } from './pg-errors';

/** The SQLSTATE read off a real failed statement, on the engine this run uses. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute('create table pg_errors_parent (id int primary key)');
  await database.db.execute(
    'create table pg_errors_child (id int primary key, parent int references pg_errors_parent (id))',
  );
  await database.db.execute('insert into pg_errors_parent values (1)');
  await database.db.execute('insert into pg_errors_child values (1, 1)');
});
afterAll(async () => {
  // A worker's test database is reused by its next file: it must find only the store's tables.
  await database?.db.execute('drop table if exists pg_errors_child, pg_errors_parent');
  await database?.close();
});

const failureOf = async (statement: string) => {
  try {
    await database.db.execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error(`${statement} did not fail`);
};

describe('pgErrorCode', () => {
  it('reads a unique violation and a foreign key violation as PostgreSQL names them', async () => {
    const twice = await failureOf('insert into pg_errors_parent values (1)');
    expect(pgErrorCode(twice)).toBe('23505');
    expect(isUniqueViolation(twice)).toBe(true);
    expect(isForeignKeyViolation(twice)).toBe(false);
    const pointedAt = await failureOf('delete from pg_errors_parent where id = 1');
    expect(pgErrorCode(pointedAt)).toBe('23503');
    expect(isForeignKeyViolation(pointedAt)).toBe(true);
  });

  it('answers nothing for an error that is not the database’s', () => {
    expect(pgErrorCode(new Error('no code'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode({ code: 42 })).toBeUndefined();
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
