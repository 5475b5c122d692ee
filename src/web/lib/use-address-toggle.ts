import { useState } from 'react';

/**
 * A checkbox whose truth lives in the address. The address changes in a transition, which React
 * may render late on a busy device; meanwhile a box bound to the address alone springs back to
 * its old state. This one follows the press at once, and follows the address whenever the
 * address itself moves (Back, a link, a cleared filter).
 */
export function useAddressToggle(fromAddress: boolean): [boolean, (checked: boolean) => void] {
  const [checked, setChecked] = useState(fromAddress);
  const [seen, setSeen] = useState(fromAddress);
  if (seen !== fromAddress) {
    setSeen(fromAddress);
    setChecked(fromAddress);
  }
  return [checked, setChecked];
}
