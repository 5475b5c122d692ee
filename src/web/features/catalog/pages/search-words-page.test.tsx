import type { Synonym, SynonymInput } from '@contract/catalog-search';
import {
  answer,
  click,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { SearchWordsPage } from './search-words-page';

/** The store's search words, changed by the page's own calls. */
let synonyms: Synonym[];

mockApi(
  http.get('/api/catalog/synonyms', () => json({ synonyms })),
  http.post('/api/catalog/synonyms', async ({ request }) => {
    const made: Synonym = { id: 3, ...((await request.json()) as SynonymInput) };
    synonyms = [...synonyms, made];
    return json(made, 201);
  }),
  http.put('/api/catalog/synonyms/:id', async ({ params, request }) => {
    const saved: Synonym = { id: Number(params.id), ...((await request.json()) as SynonymInput) };
    synonyms = synonyms.map((s) => (s.id === saved.id ? saved : s));
    return json(saved);
  }),
  http.delete('/api/catalog/synonyms/:id', ({ params }) => {
    synonyms = synonyms.filter((s) => s.id !== Number(params.id));
    return new Response(null, { status: 204 });
  }),
);

beforeEach(() => {
  synonyms = [
    { id: 1, term: 'break pads', replacement: 'brake pads' },
    { id: 2, term: 'tyre', replacement: 'tire' },
  ];
});

const rows = () =>
  [...screen().querySelectorAll('[data-testid="synonyms"] tbody tr')].map((r) =>
    [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent),
  );
const addForm = () => screen().querySelector('form[aria-label="Add word"]') as HTMLFormElement;
const editForm = () => screen().querySelector('form[aria-label="Save word"]') as HTMLFormElement;
const open = async () => {
  await renderPage(<SearchWordsPage />);
  await waitFor(() =>
    expect(rows()).toEqual([
      ['break pads', 'brake pads'],
      ['tyre', 'tire'],
    ]),
  );
};

describe('the search words', () => {
  it('adds a word, trimmed, and lists it', async () => {
    await open();
    type(field('What buyers type', addForm()), '  rotar ');
    type(field('What it means', addForm()), 'rotor');
    await submit(addForm());
    await shows('“rotar” now means “rotor”');
    expect(sent('POST', '/api/catalog/synonyms')).toEqual([{ term: 'rotar', replacement: 'rotor' }]);
    await waitFor(() => expect(rows()).toContainEqual(['rotar', 'rotor']));
    // The form is empty again for the next word.
    expect(field('What buyers type', addForm()).value).toBe('');
    expect(field('What it means', addForm()).value).toBe('');
  });

  it('changes a word in place, and keeps what was typed when the store refuses', async () => {
    await open();
    await click('Change tyre');
    expect(field('What buyers type', editForm()).value).toBe('tyre');
    type(field('What it means', editForm()), 'tires');
    await submit(editForm());
    await shows('“tyre” is saved');
    expect(sent('PUT', '/api/catalog/synonyms/2')).toEqual([{ term: 'tyre', replacement: 'tires' }]);
    await waitFor(() => expect(rows()).toContainEqual(['tyre', 'tires']));
    expect(editForm()).toBeNull();

    answer(
      http.put('/api/catalog/synonyms/:id', () =>
        refusal(409, 'CONFLICT', '“tyre” is already a search word'),
      ),
    );
    await click('Change break pads');
    type(field('What buyers type', editForm()), 'tyre');
    await submit(editForm());
    await waitFor(() =>
      expect(editForm().querySelector('[role="alert"]')?.textContent).toBe('“tyre” is already a search word'),
    );
    expect(sent('PUT', '/api/catalog/synonyms/1')).toEqual([{ term: 'tyre', replacement: 'brake pads' }]);
    expect(field('What buyers type', editForm()).value).toBe('tyre');
  });

  it('says what is missing and sends nothing', async () => {
    await open();
    type(field('What buyers type', addForm()), 'rotar');
    await submit(addForm());
    await waitFor(() =>
      expect(addForm().querySelector('[role="alert"]')?.textContent).toBe('What it means is required'),
    );
    expect(sent('POST', '/api/catalog/synonyms')).toEqual([]);
  });

  it('removes a word after asking', async () => {
    await open();
    await click('Remove break pads');
    const dialog = screen().querySelector('dialog[open]') as HTMLDialogElement;
    expect(dialog.textContent).toContain('Buyers typing “break pads” will no longer find “brake pads”.');
    expect(sent('DELETE', '/api/catalog/synonyms/1')).toEqual([]);
    await click('Remove word', dialog);
    await shows('“break pads” is removed');
    expect(sent('DELETE', '/api/catalog/synonyms/1')).toHaveLength(1);
    await waitFor(() => expect(rows()).toEqual([['tyre', 'tire']]));
  });
});
