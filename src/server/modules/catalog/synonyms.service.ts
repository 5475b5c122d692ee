import { asc, eq, sql } from 'drizzle-orm';
import type { Synonym, SynonymInput } from '../../../contract/catalog-search';
import type { Db } from '../../db/database';
import { searchSynonyms } from '../../db/schema';
import { AppError, notFound } from '../../errors';

/**
 * The owner's search words (admin). Each term is kept with its key as the search compares it
 * (`search_key`, drizzle/0020: stemmed words), so `breaks` meets the row for `break`.
 */

const columns = { id: searchSynonyms.id, term: searchSynonyms.term, replacement: searchSynonyms.replacement };

export async function listSynonyms(db: Db): Promise<Synonym[]> {
  return db.select(columns).from(searchSynonyms).orderBy(asc(searchSynonyms.term), asc(searchSynonyms.id));
}

const taken = (term: string) =>
  new AppError('CONFLICT', `Buyers' "${term}" already has a meaning: change that one`, [
    { path: 'term', message: `"${term}" already has a meaning` },
  ]);

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function createSynonym(db: Db, input: SynonymInput): Promise<Synonym> {
  try {
    const [row] = await db
      .insert(searchSynonyms)
      .values({
        term: input.term,
        termKey: sql`search_key(${input.term})`,
        replacement: input.replacement,
        replacementKey: sql`search_key(${input.replacement})`,
      })
      .returning(columns);
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.term);
    throw error;
  }
}

export async function updateSynonym(db: Db, id: number, input: SynonymInput): Promise<Synonym> {
  try {
    const [row] = await db
      .update(searchSynonyms)
      .set({
        term: input.term,
        termKey: sql`search_key(${input.term})`,
        replacement: input.replacement,
        replacementKey: sql`search_key(${input.replacement})`,
      })
      .where(eq(searchSynonyms.id, id))
      .returning(columns);
    if (!row) throw notFound('Search word');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.term);
    throw error;
  }
}

export async function removeSynonym(db: Db, id: number): Promise<void> {
  const removed = await db
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id });
  if (removed.length === 0) throw notFound('Search word');
}
