import { TOOL_LIST_DEFAULT_LIMIT, TOTAL_COUNT_HEADER, type ToolListQuery } from '../../../contract/catalog';
import type { Db } from '../../db/database';
import type { AnswerCache, CachedAnswer } from './answer-cache';
import { getTool, listTools } from './catalog.service';

/**
 * The two public catalog reads, as serialized answers kept in `cache`. Everything they show is in
 * the tools table, whose changes (stock included) the cache hears of and forgets them on.
 */
export function catalogAnswers(db: Db, cache: AnswerCache) {
  return {
    /** GET /tool: the key is the validated query, so `?page=01` and `?page=1` share an answer. */
    list(query: ToolListQuery): CachedAnswer | Promise<CachedAnswer> {
      // The search goes last: the other parts cannot hold a colon, so no two queries share a key.
      const key = `list:${query.page ?? 1}:${query.limit ?? TOOL_LIST_DEFAULT_LIMIT}:${query.sort ?? ''}:${query.search?.trim() ?? ''}`;
      return cache.answer(key, async () => {
        const { tools, total } = await listTools(db, query);
        return { body: JSON.stringify(tools), headers: { [TOTAL_COUNT_HEADER]: String(total) } };
      });
    },
    /** GET /purchase/:id; an unknown tool is a 404, which is not kept. */
    tool(id: string): CachedAnswer | Promise<CachedAnswer> {
      return cache.answer(`tool:${id.toLowerCase()}`, async () => ({
        body: JSON.stringify(await getTool(db, id)),
      }));
    },
  };
}
