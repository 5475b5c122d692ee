import type { Category } from '@contract/catalog';
import type { Brand, ProductRecord, ProductSummary } from '@contract/catalog-admin';

/** The store's catalog as the owner's pages read it: two categories, two brands, a few products. */

export const categories: Category[] = [
  {
    slug: 'brakes',
    name: 'Brakes',
    parent: null,
    description: 'Pads, rotors, calipers',
    image: '',
    count: 2,
  },
  { slug: 'tools', name: 'Hand tools', parent: null, description: '', image: '', count: 1 },
];

export const brands: Brand[] = [
  { id: 1, name: 'Bosch', description: '', image: '', count: 2 },
  { id: 2, name: 'Tekton', description: '', image: '', count: 1 },
];

export const record = (changes: Partial<ProductRecord> = {}): ProductRecord => ({
  _id: 'p-wrench',
  name: 'Torque Wrench',
  description: ['Clicks at the set torque.'],
  price: 89.99,
  available_quantity: 40,
  minimum_order_quantity: 2,
  status: 'active',
  category: 'tools',
  brand: 'Tekton',
  sku: 'TW-1',
  part_number: 'TK-24335',
  upc: null,
  cross_references: [],
  superseded_by: null,
  replaces: [],
  weight_lb: 4,
  length_in: null,
  width_in: null,
  height_in: null,
  ground_only: false,
  core_charge: 0,
  cost: null,
  low_stock_threshold: null,
  low_stock_at: 6,
  universal_fit: true,
  images: [{ url: '/images/tools/torque-wrench.svg', alt: 'Click torque wrench' }],
  fitment: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...changes,
});

export const summary = (changes: Partial<ProductSummary> = {}): ProductSummary => {
  const r = record();
  return {
    _id: r._id,
    name: r.name,
    price: r.price,
    available_quantity: r.available_quantity,
    minimum_order_quantity: r.minimum_order_quantity,
    status: r.status,
    category: r.category,
    brand: r.brand,
    sku: r.sku,
    part_number: r.part_number,
    low_stock_at: r.low_stock_at,
    updatedAt: r.updatedAt,
    image: '/images/tools/torque-wrench.svg',
    ...changes,
  };
};

export const pads = summary({
  _id: 'p-pads',
  name: 'Brake Pad Set',
  price: 45.99,
  available_quantity: 3,
  category: 'brakes',
  brand: 'Bosch',
  sku: 'BP-1',
  part_number: 'BC905',
});
