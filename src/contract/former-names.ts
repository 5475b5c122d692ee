/**
 * The store's own calls named a product `toolId` until the release that gave the code one product
 * name (decision 096); they say `productId` now, and answers carry only that. A page loaded before
 * that release still sends the former name, so for one release a request's body, query and path
 * are read with it renamed. The spec's own calls never used it (its product is `orderId` on an
 * order and `_id` on a tool) and are untouched.
 */
const formerNames = new Map([['toolId', 'productId']]);

/** How deep a former name is looked for: the deepest the store's calls had it is `lines[i].toolId`. */
const DEPTH = 4;

/**
 * A request's JSON with the former names renamed near its top, a value already named winning. What
 * holds no former name is returned as it came (the same object), so most requests cost a walk only.
 */
export function withCurrentNames(value: unknown, depth = 0): unknown {
  if (depth >= DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => withCurrentNames(item, depth + 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  let changed = false;
  const current = entries.flatMap(([key, inner]): [string, unknown][] => {
    const name = formerNames.get(key);
    const renamedInner = withCurrentNames(inner, depth + 1);
    if (renamedInner !== inner) changed = true;
    if (name === undefined) return [[key, renamedInner]];
    changed = true;
    return Object.hasOwn(value, name) ? [] : [[name, renamedInner]];
  });
  // fromEntries defines each key as the object's own, `__proto__` included.
  return changed ? Object.fromEntries(current) : value;
}
