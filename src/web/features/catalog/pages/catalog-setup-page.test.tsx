import type { Category } from '@contract/catalog';
import { brands, categories } from '@web/test/catalog';
import {
  calls,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { CatalogSetupPage } from './catalog-setup-page';

/** The store's categories, changed by the page's own calls. */
let tree: Category[];

mockApi(
  http.get('/api/categories', () => json(tree)),
  http.get('/api/brands', () => json(brands)),
  http.post('/api/catalog/categories', async ({ request }) => {
    const input = (await request.json()) as Category;
    const made = { ...input, slug: 'rotors', count: 0 };
    tree = [...tree, made];
    return json(made, 201);
  }),
  http.put('/api/catalog/categories/order', async ({ request }) => {
    const { slugs } = (await request.json()) as { slugs: string[] };
    tree = slugs.map((slug) => tree.find((c) => c.slug === slug) as Category);
    return json(tree);
  }),
  http.delete('/api/catalog/categories/:slug', ({ params }) => {
    const gone = tree.find((c) => c.slug === params.slug);
    tree = tree.filter((c) => c.slug !== params.slug);
    return json({ moved: gone?.count ?? 0 });
  }),
);

beforeEach(() => {
  tree = [...categories];
});

const listed = () =>
  [...screen().querySelectorAll('[data-testid="category-list"] li p.font-medium')].map((p) => p.textContent);
const dialog = () => screen().querySelector('dialog[open]') as HTMLElement;

describe('categories and brands', () => {
  it('adds a category under another one', async () => {
    await renderPage(<CatalogSetupPage />);
    await waitFor(() => expect(listed()).toEqual(['Brakes', 'Hand tools']));
    await click('Add a category');
    await submit(dialog().querySelector('form') as HTMLFormElement);
    await shows('Category name is required');
    expect(sent('POST', '/api/catalog/categories')).toEqual([]);

    type(field('Category name', dialog()), 'Rotors');
    type(field<HTMLSelectElement>('Under', dialog()), 'brakes');
    type(field<HTMLTextAreaElement>('Description', dialog()), 'Discs that stop the car');
    await submit(dialog().querySelector('form') as HTMLFormElement);
    await shows('Rotors is added');
    expect(sent('POST', '/api/catalog/categories')).toEqual([
      { name: 'Rotors', description: 'Discs that stop the car', image: '', parent: 'brakes' },
    ]);
    // A sub-category is listed under its parent.
    await waitFor(() => expect(listed()).toEqual(['Brakes', 'Rotors', 'Hand tools']));
  });

  it('moves a category down the list', async () => {
    await renderPage(<CatalogSetupPage />);
    await waitFor(() => expect(listed()).toEqual(['Brakes', 'Hand tools']));
    await click('Move Brakes down');
    expect(sent('PUT', '/api/catalog/categories/order')).toEqual([{ slugs: ['tools', 'brakes'] }]);
    await waitFor(() => expect(listed()).toEqual(['Hand tools', 'Brakes']));
  });

  it('removes a category that holds products only once told where they go', async () => {
    await renderPage(<CatalogSetupPage />);
    await waitFor(() => expect(listed()).toEqual(['Brakes', 'Hand tools']));
    await click('Remove Brakes');
    await click('Remove category', dialog());
    await shows('Choose where its products go first');
    expect(sent('DELETE', '/api/catalog/categories/brakes')).toEqual([]);

    type(field<HTMLSelectElement>('Move its 2 products to', dialog()), 'tools');
    await click('Remove category', dialog());
    await shows('Brakes is removed; 2 products moved.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/catalog/categories/brakes?moveTo=tools',
    ]);
    await waitFor(() => expect(listed()).toEqual(['Hand tools']));
  });
});
