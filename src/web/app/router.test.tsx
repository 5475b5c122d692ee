import type { ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchPage, pageKeys, pages } from '../../contract/pages';
import { AppRoutes } from './router';

/**
 * The router against the route table (contract/pages.ts): every page the router shows is in the
 * table, every page of the table is routed, and the server's reading of an address (matchPage)
 * agrees with the router's. The server's page plugins key their entries by the table, and
 * src/server/edge/pages/page-table.test.ts fails for a table page without one, so a page added to
 * the router alone fails here, and a page added to the table alone fails there.
 */

const routes = createRoutesFromChildren(
  (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children,
);

/** Every address pattern the router declares (index routes at their parent's), catch-alls aside. */
function routedPatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || '/' : (route.path ?? parent);
    const here = route.path === '*' ? [] : route.path || route.index ? [own] : [];
    return [...here, ...routedPatterns(route.children ?? [], own)];
  });
}

/** An address of the page: its pattern with an id that looks like the store's. */
const sample = (pattern: string) => pattern.replace(':id', '3f2c9a1e-0b7d-4e5a-9c61-2d8e4f7a1b90');

/** The route the router shows at an address: the deepest match's pattern, or '*' for not found. */
function routedTo(address: string): string | undefined {
  const matches = matchRoutes(routes, address) ?? [];
  const leaf = matches.at(-1)?.route;
  if (!leaf) return undefined;
  if (leaf.path === '*') return '*';
  return leaf.index ? (matches.at(-2)?.route.path ?? '/') : leaf.path;
}

describe('the router and the route table', () => {
  it('routes exactly the pages of the table, at their patterns', () => {
    const patterns = pageKeys.map((key) => pages[key].pattern);
    expect([...new Set(routedPatterns(routes))].sort()).toEqual([...patterns].sort());
  });

  it.each(pageKeys)('shows %s at its own address, as the server reads it too', (key) => {
    const address = sample(pages[key].pattern);
    expect(routedTo(address)).toBe(pages[key].pattern);
    expect(matchPage(address)?.key).toBe(key);
  });

  it("shows the 'Page is not Found' card for addresses of no page, which the server knows of no page either", () => {
    for (const address of [
      '/nope',
      '/dashboard/nope',
      '/purchase',
      '/product/1/2',
      '/dashboard/products/1/x',
    ]) {
      expect(routedTo(address)).toBe('*');
      expect(matchPage(address)).toBeUndefined();
    }
  });

  it('builds links the router opens, encoding what an id could carry', () => {
    expect(pages.manageOrder.path('a b/c')).toBe('/dashboard/manageOrders/a%20b%2Fc');
    expect(routedTo(pages.manageOrder.path('a b/c'))).toBe(pages.manageOrder.pattern);
    expect(pages.resetPassword.withToken('x+y=')).toBe('/reset-password?token=x%2By%3D');
    expect(pages.tools.inCategory('brakes & rotors')).toBe('/tools?category=brakes%20%26%20rotors');
  });
});
