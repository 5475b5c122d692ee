import { describe, expect, it } from 'vitest';
import { fitmentText, productChangeLines } from './product-change-words';
import { lineText } from './record-words';

const texts = (...args: Parameters<typeof productChangeLines>) => productChangeLines(...args).map(lineText);

describe("a product's change in words", () => {
  it('writes money, counts, status and yes/no as a person reads them', () => {
    expect(
      texts(
        {
          price: 40,
          available_quantity: 1200,
          status: 'draft',
          ground_only: false,
          core_charge: 0,
          low_stock_threshold: null,
        },
        {
          price: 45.5,
          available_quantity: 1150,
          status: 'active',
          ground_only: true,
          core_charge: 15,
          low_stock_threshold: 7,
        },
      ),
    ).toEqual([
      'Status: Draft → Active',
      'Price: $40.00 → $45.50',
      'Available quantity: 1,200 → 1,150',
      "Low stock threshold: The store's default → 7",
      'Ships by ground only: No → Yes',
      'Core charge: $0.00 → $15.00',
    ]);
  });

  it('writes fitment as years, make and model, and says which rows came and went', () => {
    expect(
      texts(
        {
          fitment: [
            { make: 'Honda', model: 'Civic', year_from: 2012, year_to: 2015, engine: null },
            { make: 'Honda', model: 'Accord', year_from: 2018, year_to: 2018, engine: '1.5L' },
          ],
        },
        {
          fitment: [
            { make: 'Honda', model: 'Accord', year_from: 2018, year_to: 2018, engine: '1.5L' },
            {
              make: 'Toyota',
              model: 'Camry',
              year_from: 2016,
              year_to: 2017,
              engine: null,
              submodel: 'LE',
              position: 'Front',
              quantity: 2,
              note: null,
            },
          ],
        },
      ),
    ).toEqual([
      'Fitment: added 2016–2017 Toyota Camry LE (Front, 2 per vehicle); removed 2012–2015 Honda Civic',
    ]);
    expect(fitmentText({ make: 'Honda', model: 'Civic', year_from: 2012, year_to: 2015, engine: null })).toBe(
      '2012–2015 Honda Civic',
    );
  });

  it('names numbers, pictures, the category and the replacing product', () => {
    const names = {
      category: (slug: string) => ({ 'brake-pads': 'Brake Pads' })[slug],
      product: (id: string) => ({ 'id-2': 'Breaker Bar Mk II' })[id],
    };
    expect(
      texts(
        {
          category: null,
          part_number: 'BB-1',
          cross_references: [{ number: '12345', kind: 'oem', brand: 'Honda' }],
          superseded_by: null,
          images: [{ url: '/images/tools/torque-wrench.svg', alt: '' }],
          weight_lb: null,
        },
        {
          category: 'brake-pads',
          part_number: 'BB-2',
          cross_references: [
            { number: '12345', kind: 'oem', brand: 'Honda' },
            { number: '555-01', kind: 'interchange', brand: '' },
          ],
          superseded_by: 'id-2',
          images: [
            { url: '/images/tools/torque-wrench.svg', alt: '' },
            { url: '/uploads/head-960.webp', alt: 'Its head' },
          ],
          weight_lb: 2.125,
        },
        names,
      ),
    ).toEqual([
      'Category: — → Brake Pads',
      "Maker's part number: BB-1 → BB-2",
      'OEM and interchange numbers: added Interchange 555-01',
      'Superseded by: — → Breaker Bar Mk II',
      'Weight: — → 2.125 lb',
      'Pictures: added Its head (head-960.webp)',
    ]);
  });

  it('shows a new product by its values alone, and a field it does not know in plain words', () => {
    expect(
      texts(null, { name: 'Breaker Bar', price: 24.5, description: ['Half-inch drive.', 'Chrome.'] }),
    ).toEqual(['Name: Breaker Bar', 'Price: $24.50', 'Description: Half-inch drive. Chrome.']);
    expect(texts({ warrantyMonths: 12, shelfBin: 'A-4' }, { warrantyMonths: 24, shelfBin: null })).toEqual([
      'Warranty months: 12 → 24',
      'Shelf bin: A-4 → —',
    ]);
  });
});
