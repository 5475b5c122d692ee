import { type ChangeLine, lineText } from '@contract/record-words';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { ChangeLines } from './change-lines';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('shows each line as its words, and wraps long values anywhere', () => {
  const lines: ChangeLine[] = [
    { label: 'Minimum subtotal', before: '$150.00', after: '$200.00' },
    { label: 'Tax rate MI', before: '—', after: '6%' },
    { label: 'Code', after: 'SPRING15' },
    { label: 'Fitment', added: ['2012–2015 Honda Civic'], removed: ['2018 Honda Accord 1.5L'] },
  ];
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<ChangeLines lines={lines} />));
  const shown = [...container.querySelectorAll('li')].map((li) => li.textContent);
  expect(shown).toEqual([
    'Minimum subtotal: $150.00 → $200.00',
    'Tax rate MI: — → 6%',
    'Code: SPRING15',
    'Fitment: added 2012–2015 Honda Civic; removed 2018 Honda Accord 1.5L',
  ]);
  expect(shown).toEqual(lines.map(lineText));
  expect(container.querySelector('ul')?.className).toContain('wrap-anywhere');
  act(() => root.unmount());
});
