import { type SQL, sql } from 'drizzle-orm';
import { partNumberKey } from '../../../contract/catalog';
import type { Db } from '../../kernel/db';
import { rowsOf } from '../../kernel/db';
import { editDistance, editsAllowed } from './edit-distance';

/**
 * How the search box reads what a buyer typed (docs/decisions/046-search-that-understands-buyers.md):
 *
 * 1. Words: lower case, letters and digits (`BR-320V` is `br 320v` as words, `br320v` as a number).
 * 2. A model the store knows (`civic`, `f 150`), with a year beside it, asks for parts that fit it.
 * 3. The owner's search words replace what buyers type (`break` -> `brake`), compared stemmed
 *    (`breaks` is `break`), longest phrase first.
 * 4. Every word left must match the product's search document (name and own numbers, brand and
 *    category, description; stemmed in English, stop words dropped): as typed when the catalog has
 *    a word starting with it (`brak` -> brake), else as the catalog's words a letter or two away
 *    (swapped, missing or doubled letters: `brkae`, `rotr`, `alternnator`; words of four letters
 *    and more), else as its closest words by trigram similarity (`wrnch` -> wrench). A word with a digit (`h11`, `9005`) must match as it is; a word
 *    of letters nowhere near the catalog's words matches nothing (and is named).
 * 5. The whole term is also looked up as the start of a part number (SKU, maker's, OEM,
 *    interchange, UPC); a superseded product's number finds its replacement too.
 */

/** A word that is not the start of a catalog word is corrected to words at least this similar (pg_trgm). */
export const TYPO_SIMILARITY = 0.35;
/** "Did you mean" may reach further. */
const DID_YOU_MEAN_SIMILARITY = 0.25;
/** A number typed in the search box is looked up from this many letters and digits on. */
export const PART_KEY_MIN = 3;

export interface VehicleMention {
  make: string;
  model: string | null;
  year: number | null;
}

export interface SearchPlan {
  /** For `to_tsquery('simple', ...)`: stems joined by `&`, alternatives by `|`; null when no word is left. */
  tsquery: string | null;
  vehicles: VehicleMention[];
  /** The whole term as a part-number key, when it can be one. */
  partKey: string | null;
  /** The search as the store understood it, in words (`brake pads`), and whether that differs from what was typed. */
  understood: string;
  changed: boolean;
  /** Words nothing in the catalog is near: the words then match no product. */
  ignored: string[];
}

/** The list of the catalog's words (`search_words`, drizzle/0020) keeps words of 3 letters or more. */
const SHORTEST_LISTED_WORD = 3;

/** What the search compares: lower-case words of letters and digits. */
export const searchWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

interface Models {
  makes: Map<string, string>;
  /** Each model's words, longest first, with its make. */
  models: Array<{ words: string[]; make: string; model: string }>;
}

/** The vehicles table ships with the store and never changes while it runs: read once per database. */
const modelsByDb = new WeakMap<Db, Promise<Models>>();

function knownModels(db: Db): Promise<Models> {
  let known = modelsByDb.get(db);
  if (!known) {
    known = db.execute(sql`select distinct make, model from vehicles`).then((result) => {
      const rows = rowsOf<{ make: string; model: string }>(result);
      const makes = new Map(rows.map((r) => [searchWords(r.make).join(' '), r.make]));
      const models = rows
        .map((r) => ({ words: searchWords(r.model), make: r.make, model: r.model }))
        .filter((m) => m.words.length > 0)
        .sort((a, b) => b.words.length - a.words.length);
      return { makes, models };
    });
    known.catch(() => modelsByDb.delete(db));
    modelsByDb.set(db, known);
  }
  return known;
}

const isYear = (word: string) => /^(19[5-9]\d|20\d\d|2100)$/.test(word);
const startsAt = (words: string[], at: number, phrase: string[]) =>
  phrase.every((w, i) => words[at + i] === w);

/** Takes vehicle mentions out of the words: the longest model name first, a make alone, a year beside a model. */
function takeVehicles(words: string[], known: Models): { rest: string[]; vehicles: VehicleMention[] } {
  const used = new Set<number>();
  const vehicles: VehicleMention[] = [];
  for (const m of known.models) {
    for (let at = 0; at + m.words.length <= words.length; at += 1) {
      const span = m.words.map((_, i) => at + i);
      if (span.some((i) => used.has(i)) || !startsAt(words, at, m.words)) continue;
      for (const i of span) used.add(i);
      vehicles.push({ make: m.make, model: m.model, year: null });
    }
  }
  words.forEach((w, i) => {
    const make = known.makes.get(w);
    if (make && !used.has(i)) {
      used.add(i);
      // A make beside its own model says nothing more.
      if (!vehicles.some((v) => v.make === make)) vehicles.push({ make, model: null, year: null });
    }
  });
  const withModel = vehicles.filter((v) => v.model !== null);
  if (withModel.length === 1) {
    const at = words.findIndex((w, i) => !used.has(i) && isYear(w));
    if (at >= 0 && withModel[0]) {
      withModel[0].year = Number(words[at]);
      used.add(at);
    }
  }
  return { rest: words.filter((_, i) => !used.has(i)), vehicles };
}

interface WordFacts {
  word: string;
  /** English stem; null for a stop word. */
  stem: string | null;
}

async function stemsOf(db: Db, words: string[]): Promise<WordFacts[]> {
  if (words.length === 0) return [];
  const rows = rowsOf<{ word: string; n: number; lexemes: string[] | string | null }>(
    await db.execute(sql`
      select w.word, w.n::int as n, ts_lexize('english_stem', w.word) as lexemes
      from unnest(${sql.param(words)}::text[]) with ordinality as w(word, n)`),
  );
  return rows
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((r) => {
      const lexemes = typeof r.lexemes === 'string' ? parseTextArray(r.lexemes) : r.lexemes;
      // A stop word has no lexeme; a word the stemmer leaves alone keeps itself.
      return { word: r.word, stem: lexemes === null ? r.word : (lexemes[0] ?? null) };
    });
}

/** `{brake}` as PGlite may hand a text[] back. */
const parseTextArray = (text: string) =>
  text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);

interface Synonym {
  termKey: string[];
  replacement: string[];
  replacementKey: string[];
}

async function synonymsOf(db: Db): Promise<Synonym[]> {
  const rows = rowsOf<{ term_key: string; replacement: string; replacement_key: string }>(
    await db.execute(sql`select term_key, replacement, replacement_key from search_synonyms`),
  );
  return rows
    .map((r) => ({
      termKey: r.term_key.split(' ').filter(Boolean),
      replacement: searchWords(r.replacement),
      replacementKey: r.replacement_key.split(' ').filter(Boolean),
    }))
    .sort((a, b) => b.termKey.length - a.termKey.length);
}

/** Replaces phrases the owner named, compared by stems, longest first; stop words stay where they are. */
function applySynonyms(facts: WordFacts[], synonyms: Synonym[]): { facts: WordFacts[]; changed: boolean } {
  const out: WordFacts[] = [];
  let changed = false;
  for (let at = 0; at < facts.length; ) {
    const match = synonyms.find((s) =>
      s.termKey.every((key, i) => {
        const f = facts[at + i];
        return f !== undefined && (f.stem ?? f.word) === key;
      }),
    );
    if (match) {
      match.replacement.forEach((word, i) => {
        out.push({ word, stem: match.replacementKey[i] ?? word });
      });
      at += match.termKey.length;
      changed = true;
    } else {
      const f = facts[at];
      if (f) out.push(f);
      at += 1;
    }
  }
  return { facts: out, changed };
}

interface Reading {
  word: string;
  stem: string;
  known: boolean;
  near: Array<{ word: string; stem: string }>;
}

interface Candidate {
  word: string;
  stem: string;
  sim: number;
}

/**
 * The catalog words a few letters away from `word` (a swap of two neighbours counts as one:
 * `brkae` is brake), the nearest first and, among those, the most alike by trigrams.
 */
function fewEditsAway(word: string, candidates: Candidate[]): Candidate[] {
  const allowed = editsAllowed(word);
  if (allowed === 0) return [];
  let best = allowed + 1;
  let found: Candidate[] = [];
  for (const candidate of candidates) {
    const edits = editDistance(word, candidate.word, allowed);
    if (edits > allowed || edits > best) continue;
    if (edits < best) {
      best = edits;
      found = [];
    }
    found.push(candidate);
  }
  return found.sort((a, b) => b.sim - a.sim || a.word.localeCompare(b.word));
}

/**
 * For each word of letters: whether a catalog word starts with it (or its stem); if none does,
 * the catalog words a few edits away (swapped, missing or doubled letters: `brkae`, `rotr`,
 * `alternnator`), else the closest by trigram similarity (`wrnch`). The edit distance is counted
 * here, over the words of the same first letters and about the same length, which
 * `search_words_shape_idx` finds without reading the whole table (drizzle/0033).
 */
async function readWords(db: Db, facts: WordFacts[], similarity: number): Promise<Reading[]> {
  if (facts.length === 0) return [];
  const rows = rowsOf<{
    n: number;
    known: boolean;
    near: Array<{ word: string; stem: string }> | string | null;
    close: Candidate[] | string | null;
  }>(
    await db.execute(sql`
      select w.n::int as n, k.known,
        case when k.known then null else (
          select json_agg(json_build_object('word', c.word,
            'stem', coalesce((ts_lexize('english_stem', c.word))[1], c.word)) order by c.sim desc, c.word)
          from (
            select s.word, similarity(s.word, w.word) as sim from search_words s
            where ${
              // `%` reads the trigram index at pg_trgm's own threshold (0.3); a looser reach reads every word.
              similarity >= 0.3 ? sql`s.word % w.word and ` : sql``
            }similarity(s.word, w.word) >= ${similarity}
            order by sim desc, s.word limit 3
          ) c
        ) end as near,
        case when k.known or length(w.word) < 4 then null else (
          select json_agg(json_build_object('word', s.word,
            'stem', coalesce((ts_lexize('english_stem', s.word))[1], s.word),
            'sim', similarity(s.word, w.word)))
          from search_words s
          where left(s.word, 1) in (left(w.word, 1), substr(w.word, 2, 1))
            and length(s.word) between length(w.word) - 2 and length(w.word) + 2
        ) end as close
      from unnest(${sql.param(facts.map((f) => f.word))}::text[], ${sql.param(facts.map((f) => f.stem ?? f.word))}::text[])
        with ordinality as w(word, stem, n)
      cross join lateral (
        select exists (
          select 1 from search_words s
          where (s.word ~>=~ w.word and s.word ~<~ (w.word || '{'))
             or (s.word ~>=~ w.stem and s.word ~<~ (w.stem || '{'))
        ) as known
      ) k`),
  );
  const byN = new Map(rows.map((r) => [Number(r.n), r]));
  const parsed = <T>(value: T[] | string | null | undefined): T[] =>
    typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []);
  return facts.map((f, i) => {
    const row = byN.get(i + 1);
    const edited = fewEditsAway(f.word, parsed(row?.close));
    // Only the closest and those nearly as close: `guage` is gauge, not also garage.
    const best = edited.length > 0 ? edited.slice(0, 2) : parsed(row?.near).slice(0, 2);
    return {
      word: f.word,
      stem: f.stem ?? f.word,
      known: Boolean(row?.known),
      near: best.map((c) => ({ word: c.word, stem: c.stem })),
    };
  });
}

const hasDigit = (word: string) => /\d/.test(word);

/** Reads a search term as the store searches it; `typing` makes the last word a prefix (suggestions). */
export async function planSearch(
  db: Db,
  term: string,
  options: { typing?: boolean; similarity?: number } = {},
): Promise<SearchPlan> {
  const typed = searchWords(term);
  const key = partNumberKey(term);
  const partKey = key.length >= PART_KEY_MIN && /\d/.test(key) ? key : null;
  const [models, synonyms] = await Promise.all([knownModels(db), synonymsOf(db)]);
  const { rest, vehicles } = takeVehicles(typed, models);
  const stemmed = await stemsOf(db, rest);
  const replaced = applySynonyms(stemmed, synonyms);
  const kept = replaced.facts.filter((f) => f.stem !== null);
  const letters = kept.filter((f) => !hasDigit(f.word));
  const readings = await readWords(db, letters, options.similarity ?? TYPO_SIMILARITY);
  let next = 0;
  const parts: string[] = [];
  const understood: string[] = [];
  const ignored: string[] = [];
  let changed = replaced.changed;
  kept.forEach((fact, index) => {
    const last = options.typing && index === kept.length - 1;
    if (hasDigit(fact.word)) {
      parts.push(last ? `${fact.stem}:*` : (fact.stem ?? fact.word));
      understood.push(fact.word);
      return;
    }
    const reading = readings[next];
    next += 1;
    if (!reading) return;
    if (reading.known) {
      parts.push(`${reading.stem}:*`);
      understood.push(reading.word);
    } else if (reading.near.length > 0) {
      parts.push(`(${reading.near.map((n) => `${n.stem}:*`).join(' | ')})`);
      understood.push(reading.near[0]?.word ?? reading.word);
      changed = true;
    } else if (last || reading.word.length < SHORTEST_LISTED_WORD) {
      // Still being typed: the start of a word the catalog may yet have. Or a word too short for
      // the list of the catalog's words (the `II` of `OBD-II`), which the products' own text
      // still holds: matched as written, not dropped.
      parts.push(`${reading.stem}:*`);
      understood.push(reading.word);
    } else {
      ignored.push(reading.word);
      changed = true;
    }
  });
  for (const v of vehicles) {
    understood.push([v.year, v.model ?? v.make].filter(Boolean).join(' ').toLowerCase());
  }
  return {
    tsquery: parts.length > 0 ? parts.join(' & ') : null,
    vehicles,
    partKey,
    understood: understood.join(' '),
    changed,
    ignored,
  };
}

/**
 * The search as a condition on `t` (a products row): every word in the document and every vehicle
 * fitted, or the term as the start of a part number (the replacement of a superseded product too).
 */
export function searchCondition(plan: SearchPlan): SQL {
  // A word nowhere near the catalog's words matches nothing: every word must match ("did you mean" helps).
  const byWords: SQL[] = plan.ignored.length > 0 ? [sql`false`] : [];
  if (plan.tsquery) byWords.push(sql`t.search_document @@ to_tsquery('simple', ${plan.tsquery})`);
  for (const v of plan.vehicles) {
    const fitted = sql`select f.product_id from fitments f where f.make = ${v.make}${
      v.model === null ? sql`` : sql` and f.model = ${v.model}`
    }${v.year === null ? sql`` : sql` and f.year_from <= ${v.year} and f.year_to >= ${v.year}`}`;
    byWords.push(sql`(t.universal_fit or t.id in (${fitted}))`);
  }
  const alternatives: SQL[] = [];
  if (byWords.length > 0) alternatives.push(sql`(${sql.join(byWords, sql` and `)})`);
  if (plan.partKey) alternatives.push(sql`t.id = any(array(${numberMatches(plan.partKey)}))`);
  if (alternatives.length === 0) return sql`false`;
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * Products whose numbers start with `key`, and the products that replace them (following each
 * supersession to its end), as one list of ids.
 */
function numberMatches(key: string): SQL {
  return sql`
    with recursive found(id, depth) as (
      select p.product_id, 0 from part_numbers p where p.key like ${`${key}%`}
      union
      select t2.superseded_by_id, found.depth + 1 from found join products t2 on t2.id = found.id
      where t2.superseded_by_id is not null and found.depth < 20
    ) select id from found`;
}

/**
 * How well `t` matches, for ordering a search by relevance: a part number typed in full first, then
 * the text rank (name words weigh most, then brand and category, then the description).
 */
export function searchRank(plan: SearchPlan): SQL {
  const exact = plan.partKey
    ? sql`(case when t.id in (select p.product_id from part_numbers p where p.key = ${plan.partKey}) then 10 else 0 end)`
    : sql`0`;
  const text = plan.tsquery ? sql`ts_rank(t.search_document, to_tsquery('simple', ${plan.tsquery}))` : sql`0`;
  return sql`(${exact} + ${text})`;
}

/** Used by "did you mean": the same reading, reaching further for corrections. */
export const planLoosely = (db: Db, term: string) =>
  planSearch(db, term, { similarity: DID_YOU_MEAN_SIMILARITY });
