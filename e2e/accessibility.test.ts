import { accessibilitySweep } from './support/accessibility-sweep';
import { journeys } from './support/browser';

journeys('accessibility: axe-core finds nothing serious on any public or customer page', () =>
  accessibilitySweep(['visitor', 'customer']),
);
