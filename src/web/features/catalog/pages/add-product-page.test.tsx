import type { NewToolInput } from '@contract/catalog';
import type { UploadAnswer } from '@contract/uploads';
import {
  address,
  answer,
  calls,
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
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { AddProductPage } from './add-product-page';

const uploaded: UploadAnswer = {
  success: true,
  data: {
    url: '/uploads/2026/11/brake-rotor.webp',
    srcset: '/uploads/2026/11/brake-rotor-640.webp 640w',
    width: 1200,
    height: 900,
  },
};

mockApi(
  http.post('/api/uploads', () => json(uploaded)),
  http.post('/api/tool', () => json({ insertedId: 'p-rotor' }, 201)),
);

const form = () => screen().querySelector('form[aria-label="Add a product"]') as HTMLFormElement;

/** Picks a picture in the Image field as a person would: the browser hands the form a FileList. */
function choosePicture(input: HTMLInputElement, file: File) {
  const list = new FileList();
  (list as unknown as File[]).push(file);
  act(() => {
    Object.defineProperty(input, 'files', { value: list, configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const rotorPicture = () => new File(['RIFF....WEBPVP8 '], 'brake-rotor.webp', { type: 'image/webp' });

function fillIn() {
  type(field('Product name', form()), 'Vented Brake Rotor');
  type(
    field<HTMLTextAreaElement>('Description (each sentence becomes a line)', form()),
    'Fits most sedans. Drilled and slotted',
  );
  type(field('Price ($)', form()), '54.95');
  type(field('Available quantity', form()), '25');
  type(field('Minimum order quantity', form()), '2');
  choosePicture(field('Image', form()), rotorPicture());
}

describe('Add Product', () => {
  it('uploads the picture, then creates the product from what was typed and opens its editor', async () => {
    await renderPage(<AddProductPage />, { address: '/dashboard/addProduct' });
    fillIn();
    await waitFor(() =>
      expect(screen().querySelector('[data-testid="image-preview"]')?.getAttribute('alt')).toBe(
        'Preview of brake-rotor.webp',
      ),
    );
    await submit(form());
    await shows('Product added successfully!!');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/uploads', 'POST /api/tool']);
    expect(String(sent('POST', '/api/uploads')[0])).toContain('filename="brake-rotor.webp"');
    // The price in dollars as the spec's POST /tool takes it, the description a line per sentence,
    // the picture the store's own copy.
    expect(sent('POST', '/api/tool')).toEqual([
      {
        name: 'Vented Brake Rotor',
        image: '/uploads/2026/11/brake-rotor.webp',
        price: 54.95,
        description: ['Fits most sedans.', 'Drilled and slotted.'],
        available_quantity: 25,
        minimum_order_quantity: 2,
      } satisfies NewToolInput,
    ]);
    await waitFor(() => expect(address()).toBe('/dashboard/products/p-rotor'));
  });

  it('says under each field what is missing or wrong, and sends nothing', async () => {
    await renderPage(<AddProductPage />);
    type(field('Product name', form()), 'Vented Brake Rotor');
    type(field('Price ($)', form()), '54.999');
    type(field('Available quantity', form()), '5');
    await submit(form());
    await shows('Description is required');
    expect(errorUnder('Price ($)')).toBe('Price can have at most two decimals');
    expect(errorUnder('Available quantity')).toBe('Available quantity must be 20 or more');
    expect(errorUnder('Image')).toBe('Product image is required');
    expect(calls).toEqual([]);
  });

  it("shows the store's refusal of the picture beside the Image field and keeps what was typed", async () => {
    answer(
      http.post('/api/uploads', () => refusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file is not a picture.')),
    );
    await renderPage(<AddProductPage />);
    fillIn();
    await submit(form());
    await waitFor(() => expect(errorUnder('Image')).toBe('This file is not a picture.'));
    await shows('Failed to add Product');
    expect(sent('POST', '/api/tool')).toEqual([]);
    expect(field('Product name', form()).value).toBe('Vented Brake Rotor');
    expect(field<HTMLTextAreaElement>('Description (each sentence becomes a line)', form()).value).toBe(
      'Fits most sedans. Drilled and slotted',
    );
    expect(field('Price ($)', form()).value).toBe('54.95');
    expect(field('Available quantity', form()).value).toBe('25');
    expect(field('Minimum order quantity', form()).value).toBe('2');
  });
});

/** The error said under a field (its aria-describedby), or '' for none. */
function errorUnder(label: string) {
  const id = field(label, form()).getAttribute('aria-describedby');
  return id ? (screen().querySelector(`#${CSS.escape(id)}`)?.textContent ?? '') : '';
}
