import type { StoreInfo } from '../../../contract/store';

/**
 * What a fresh install says about the store. An operator changes any part of it with
 * STORE_NAME / STORE_WORDMARK or a JSON file named by STORE_CONFIG (README: configuration).
 */
export const storeDefaults: StoreInfo = {
  brand: 'TorqueWorks',
  wordmark: 'Torque Works',
  contact: {
    email: 'hello@torqueworks.example',
    phone: '01700000000',
    address: '12 Workshop Lane, Springfield',
  },
  portfolio: {
    name: 'The Torque Works team',
    role: 'Full-stack developers',
    bio: [
      'We build and run this store: a TypeScript API on Fastify and PostgreSQL, and a React front end that works on a phone in a garage as well as on a desk.',
      'We care about stores that tell the truth about stock, take payment safely and load fast on a slow connection.',
    ],
    projects: [
      {
        title: 'Torque Works storefront',
        url: 'https://github.com/',
        description: 'This store: catalog, orders with stock reservation, card payment and an admin area.',
      },
      {
        title: 'Workshop scheduler',
        url: 'https://github.com/',
        description: 'Booking slots for a small repair shop, with reminders and a day view for mechanics.',
      },
      {
        title: 'Parts finder',
        url: 'https://github.com/',
        description: 'Search for parts by vehicle make, model and year, built on full-text search.',
      },
    ],
  },
};
