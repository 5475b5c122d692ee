import { customType } from 'drizzle-orm/pg-core';

/**
 * A text column whose stored words are not the code's names: the spec's `pending` is stored for
 * an order the code calls `awaiting_shipment`, and an outbox message the code calls `queued` is
 * stored as `pending` too (docs/decisions/067). Every drizzle read and write of the column goes
 * through `stored`, the contract's map, so no query names the stored word; only raw SQL (index
 * predicates, a few hand-written statements) does, and those take it from the same map.
 */
export function textStoredAs<const Code extends string, const Stored extends string>(
  name: string,
  stored: Readonly<Record<Code, Stored>>,
) {
  const byStored = new Map<string, Code>(
    Object.entries(stored).map(([code, word]) => [word as string, code as Code]),
  );
  return customType<{ data: Code; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => stored[value],
    fromDriver: (value) => {
      const code = byStored.get(value);
      // The column's check constraint keeps unknown words out; one here is a schema change gone wrong.
      if (code === undefined) throw new Error(`${name}: unknown stored value ${JSON.stringify(value)}`);
      return code;
    },
  })(name);
}
