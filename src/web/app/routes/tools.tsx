import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import {
  TOOL_LIST_MAX_DEPTH,
  TOOL_PAGE_SIZE_DEFAULT,
  toolListFromAddress,
  toolSorts,
} from '../../../contract/catalog';
import { Pager } from '../../components/ui/pager';
import { QueryState } from '../../components/ui/query-state';
import { useToolPage } from '../../features/catalog/api/get-tools';
import { ToolGrid } from '../../features/catalog/components/tool-grid';

const sortLabels: Record<(typeof toolSorts)[number], string> = {
  newest: 'Newest first',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name: A to Z',
};

export function ToolsPage() {
  const [params, setParams] = useSearchParams();
  // The list query lives in the address, so a search can be bookmarked, shared and gone back to.
  const query = toolListFromAddress(Object.fromEntries(params));
  const page = useToolPage(query);
  const searchId = useId();
  const sortId = useId();

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    update({ search: search || undefined, page: undefined });
  };

  // The server pages only so deep (TOOL_LIST_MAX_DEPTH); past that, searching and sorting find the rest.
  const deepest = Math.floor(TOOL_LIST_MAX_DEPTH / TOOL_PAGE_SIZE_DEFAULT);
  const totalPages = Math.max(
    1,
    Math.min(deepest, Math.ceil((page.data?.total ?? 0) / TOOL_PAGE_SIZE_DEFAULT)),
  );
  const current = query.page ?? 1;

  return (
    <div className="space-y-6 py-6">
      <h1 className="text-3xl font-bold">Tools</h1>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <search className="w-full sm:max-w-md">
          <form onSubmit={onSearch} className="join w-full" key={query.search ?? ''}>
            <label htmlFor={searchId} className="sr-only">
              Search tools
            </label>
            <input
              id={searchId}
              name="search"
              type="search"
              maxLength={100}
              defaultValue={query.search ?? ''}
              placeholder="Search tools and parts"
              className="input join-item w-full"
            />
            <button type="submit" className="btn btn-primary join-item">
              Search
            </button>
          </form>
        </search>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm whitespace-nowrap">
            Sort by
          </label>
          <select
            id={sortId}
            className="select"
            value={query.sort ?? ''}
            onChange={(e) => update({ sort: e.target.value || undefined, page: undefined })}
          >
            <option value="">Featured</option>
            {toolSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={page}
        isEmpty={(data) => data.tools.length === 0}
        empty={query.search ? `No tools match “${query.search}”.` : 'No tools in the catalog yet.'}
      >
        {(data) => (
          <>
            {/* The cards' names are h3: an outline from the page's h1 does not skip a level. */}
            <h2 className="sr-only">Results</h2>
            <p className="text-sm text-base-content/70" role="status">
              {data.total} {data.total === 1 ? 'tool' : 'tools'}
              {query.search ? ` matching “${query.search}”` : ''}
            </p>
            <ToolGrid tools={data.tools} eagerCount={3} />
          </>
        )}
      </QueryState>
      <Pager page={current} pages={totalPages} onPage={(n) => update({ page: String(n) })} />
    </div>
  );
}
