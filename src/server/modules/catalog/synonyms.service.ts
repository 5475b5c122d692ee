import { asc, eq, sql } from 'drizzle-orm';
import type { Synonym, SynonymInput } from '../../../contract/catalog-search';
import { recordAudit } from '../../kernel/audit';
import type { Db } from '../../kernel/db';
import { isUniqueViolation, searchSynonyms } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';

/**
 * The owner's search words (admin). Each term is kept with its key as the search compares it
 * (`search_key`, drizzle/0020: stemmed words), so `breaks` meets the row for `break`. Each change
 * is in the audit log, written in its own transaction: what buyers' words mean changes what they find.
 */

const columns = { id: searchSynonyms.id, term: searchSynonyms.term, replacement: searchSynonyms.replacement };

export async function listSynonyms(db: Db): Promise<Synonym[]> {
  return db.select(columns).from(searchSynonyms).orderBy(asc(searchSynonyms.term), asc(searchSynonyms.id));
}

const taken = (term: string) =>
  new AppError('CONFLICT', `Buyers' "${term}" already has a meaning: change that one`, [
    { path: 'term', message: `"${term}" already has a meaning` },
  ]);

const audited = (synonym: Synonym) => ({ term: synonym.term, replacement: synonym.replacement });

export async function createSynonym(db: Db, input: SynonymInput): Promise<Synonym> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(searchSynonyms)
        .values({
          term: input.term,
          termKey: sql`search_key(${input.term})`,
          replacement: input.replacement,
          replacementKey: sql`search_key(${input.replacement})`,
        })
        .returning(columns);
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, {
        action: 'search_word.created',
        subjectType: 'search',
        subjectId: String(row.id),
        before: null,
        after: audited(row),
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.term);
    throw error;
  }
}

export async function updateSynonym(db: Db, id: number, input: SynonymInput): Promise<Synonym> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select(columns)
        .from(searchSynonyms)
        .where(eq(searchSynonyms.id, id))
        .for('update');
      if (!before) throw notFound('Search word');
      const [row] = await tx
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
      await recordAudit(tx, {
        action: 'search_word.updated',
        subjectType: 'search',
        subjectId: String(id),
        before: audited(before),
        after: audited(row),
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.term);
    throw error;
  }
}

export async function removeSynonym(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning(columns);
    if (!removed) throw notFound('Search word');
    await recordAudit(tx, {
      action: 'search_word.deleted',
      subjectType: 'search',
      subjectId: String(id),
      before: audited(removed),
      after: null,
    });
  });
}
