import { sql } from 'drizzle-orm';
import { notEnoughAtMessage } from '../../../contract/locations';
import type { Tx } from '../../kernel/db';
import {
  locationStock,
  MAIN_LOCATION,
  preparedStatement,
  stockLocations,
  stockMovements,
} from '../../kernel/db';
import { AppError } from '../../kernel/errors';

/**
 * Where a move of a product's stock happens (decision 099). The product's total has already moved
 * (and its row is locked) when a move comes here, so the places' rows read now are the latest and
 * no other move of the product can change them before this transaction ends. A move names its
 * place, or the inventory chooses: a reservation takes from the first place in the owner's pick
 * order that has the units, then from places in the order's ship-to state, then the rest in pick
 * order; a release or a sale gives back what the order holds, where it holds it; units coming in
 * with no place named go to the first place.
 */

/** A place as a move sees it: the product's figures there and what the moving order holds there. */
export interface Place {
  locationId: string;
  name: string;
  pickOrder: number;
  region: string | null;
  active: boolean;
  onHand: number;
  reserved: number;
  /** Units the move's order has reserved here (the ledger's sum); 0 without an order. */
  held: number;
}

/** What a move asks of the places: the product's change, and where, if the caller says. */
export interface PlaceRequest {
  onHand: number;
  reserved: number;
  locationId?: string | null;
  /** The order's ship-to state, for a reservation. */
  near?: string | null;
}

/** One ledger row's worth: the change at one place. */
export interface PlacedChange {
  locationId: string;
  onHand: number;
  reserved: number;
}

/** Thrown when a named place has fewer units than the move takes from it. */
export class NotEnoughAt extends AppError {
  constructor(name: string, place: string, left: number) {
    super('CONFLICT', notEnoughAtMessage(name, place, left));
  }
}

/** Thrown when a move names a place the store does not have (or has closed, for units coming in). */
export class NoSuchPlace extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'Choose one of the store’s open places', [
      { path: 'locationId', message: 'Choose one of the store’s open places' },
    ]);
  }
}

/**
 * Works out where a move happens, from the product's places as they are now (pick order first).
 * Pure: the caller reads and writes. Throws NotEnoughAt when a place cannot give what is asked,
 * and ShortAcrossPlaces when the places together cannot (their sum disagreeing with the total).
 */
export function planMove(
  request: PlaceRequest,
  places: readonly Place[],
  productName: string,
): PlacedChange[] {
  const figures = new Map(places.map((p) => [p.locationId, { ...p, available: p.onHand - p.reserved }]));
  const changes = new Map<string, PlacedChange>();
  const change = (locationId: string, onHand: number, reserved: number) => {
    const c = changes.get(locationId) ?? { locationId, onHand: 0, reserved: 0 };
    c.onHand += onHand;
    c.reserved += reserved;
    changes.set(locationId, c);
    const f = figures.get(locationId);
    if (f) {
      f.onHand += onHand;
      f.reserved += reserved;
      f.available += onHand - reserved;
      f.held += reserved;
    }
  };
  const open = places.filter((p) => p.active);
  const first = open[0];
  const named = request.locationId ? figures.get(request.locationId) : undefined;
  if (request.locationId && (!named || (!named.active && (request.onHand > 0 || request.reserved > 0))))
    throw new NoSuchPlace();

  // Units promised to an order given back (a release, or the reservation side of a sale): where
  // the order holds them, the named place first; then wherever units are reserved at all (an
  // order from before places, or a caller without an order).
  if (request.reserved < 0) {
    let left = -request.reserved;
    const holders = [...figures.values()].sort(
      (a, b) => Number(b.locationId === named?.locationId) - Number(a.locationId === named?.locationId),
    );
    for (const pass of ['held', 'reserved'] as const)
      for (const p of holders) {
        const take = Math.min(left, pass === 'held' ? p.held : p.reserved);
        if (take <= 0) continue;
        change(p.locationId, 0, -take);
        left -= take;
      }
    if (left > 0) throw new ShortAcrossPlaces(productName);
  }

  // Units promised to an order: at the named place, or by the owner's rule.
  if (request.reserved > 0) {
    const order = named
      ? [named]
      : [...figures.values()]
          .filter((p) => p.active)
          .sort(
            (a, b) =>
              rank(a, first, request.near) - rank(b, first, request.near) || a.pickOrder - b.pickOrder,
          );
    let left = request.reserved;
    for (const p of order) {
      const take = Math.min(left, p.available);
      if (take <= 0) continue;
      change(p.locationId, 0, take);
      left -= take;
    }
    if (left > 0 && named)
      throw new NotEnoughAt(productName, named.name, named.available + (request.reserved - left));
    if (left > 0) throw new ShortAcrossPlaces(productName);
  }

  // Units onto or off the shelf. A sale takes them where its reservation was given back.
  if (request.onHand > 0) {
    const at = named ?? figures.get(first?.locationId ?? '');
    if (!at) throw new NoSuchPlace();
    change(at.locationId, request.onHand, 0);
  } else if (request.onHand < 0) {
    let left = -request.onHand;
    const released = [...changes.values()].filter((c) => c.reserved < 0);
    const order = named
      ? [named]
      : [
          ...released.map((c) => figures.get(c.locationId)).filter((p) => p !== undefined),
          ...[...figures.values()].filter((p) => !released.some((c) => c.locationId === p.locationId)),
        ];
    for (const p of order) {
      const take = Math.min(left, p.available);
      if (take <= 0) continue;
      change(p.locationId, -take, 0);
      left -= take;
    }
    if (left > 0 && named)
      throw new NotEnoughAt(productName, named.name, named.available + (-request.onHand - left));
    if (left > 0) throw new ShortAcrossPlaces(productName);
  }

  // A write-off of returned parts moves nothing and is still recorded, at the named or first place.
  if (changes.size === 0) {
    const at = named ?? first;
    if (!at) throw new NoSuchPlace();
    changes.set(at.locationId, { locationId: at.locationId, onHand: 0, reserved: 0 });
  }
  return [...changes.values()].filter(
    (c, _, all) => c.onHand !== 0 || c.reserved !== 0 || all.every((o) => o.onHand === 0 && o.reserved === 0),
  );
}

/** The owner's first place, then places in the ship-to state, then the rest (pick order breaks ties). */
const rank = (p: Place, first: Place | undefined, near: string | null | undefined) =>
  p.locationId === first?.locationId ? 0 : near && p.region === near ? 1 : 2;

/**
 * The places' figures do not add up to the product's total (the total allowed the move, the places
 * cannot): left by an instance of the release before places during a rolling restart. Refused
 * like a sale of what is not there; a count at a place puts it right.
 */
export class ShortAcrossPlaces extends AppError {
  constructor(name: string) {
    super('CONFLICT', `The stock of ${name} at the store's places does not add up; count it at each place.`);
  }
}

const readPlaces = preparedStatement<{ id: string; orderId: string | null }, Place & { unplaced: boolean }>(
  'places of a product',
  () => sql`select l.id as location_id, l.name, l.pick_order, l.region, l.active,
      coalesce(s.on_hand, 0) as on_hand, coalesce(s.reserved, 0) as reserved, coalesce(o.held, 0) as held,
      exists (select 1 from ${stockMovements} u
        where u.product_id = ${sql.placeholder('id')} and u.location_id is null) as unplaced
    from ${stockLocations} l
    left join ${locationStock} s on s.location_id = l.id and s.product_id = ${sql.placeholder('id')}
    left join (
      select location_id, sum(reserved_delta)::int as held from ${stockMovements}
      where order_id = ${sql.placeholder('orderId')}::uuid and product_id = ${sql.placeholder('id')}
      group by location_id
    ) o on o.location_id = l.id
    where l.active or s.product_id is not null or o.held <> 0
    order by l.pick_order, l.id`,
  (r) => ({
    locationId: String(r.location_id),
    name: String(r.name),
    pickOrder: Number(r.pick_order),
    region: r.region === null || r.region === undefined ? null : String(r.region),
    active: r.active === true,
    onHand: Number(r.on_hand),
    reserved: Number(r.reserved),
    held: Number(r.held),
    unplaced: r.unplaced === true,
  }),
);

const holdPlaceOpen = preparedStatement<{ id: string }>(
  'hold a place open',
  () => sql`select id from ${stockLocations} where id = ${sql.placeholder('id')} for share`,
);

/**
 * Ledger rows an instance of the release before wrote during the rolling restart that brought
 * places have no place; that release knew one, `main`, so they are taken as made there, and main's
 * figures move by their sums. Under the product's row lock, before the move that found them.
 */
const adoptUnplaced = preparedStatement<{ id: string }>(
  'adopt unplaced stock',
  () => sql`
  with adopted as (
    update ${stockMovements} set location_id = ${MAIN_LOCATION}
    where product_id = ${sql.placeholder('id')} and location_id is null
    returning on_hand_delta, reserved_delta
  ), sums as (
    select coalesce(sum(on_hand_delta), 0)::int as on_hand, coalesce(sum(reserved_delta), 0)::int as reserved
    from adopted
  )
  update ${locationStock} s set on_hand = s.on_hand + sums.on_hand, reserved = s.reserved + sums.reserved,
    available = s.available + sums.on_hand - sums.reserved
  from sums where s.product_id = ${sql.placeholder('id')} and s.location_id = ${MAIN_LOCATION}`,
);

interface PlaceValues extends Record<string, unknown> {
  id: string;
  locations: string[];
  onHands: number[];
  reserveds: number[];
  reason: string;
  orderId: string | null;
  actorUserId: string | null;
  note: string | null;
}
const ph = (name: Extract<keyof PlaceValues, string>) => sql.placeholder(name);
/** The changes at each place and their ledger rows, as one statement. */
const applyChanges = preparedStatement<PlaceValues>(
  'place stock',
  () => sql`
  with plan as (
    select * from unnest(${ph('locations')}::text[], ${ph('onHands')}::int[], ${ph('reserveds')}::int[])
      as c(location_id, on_hand, reserved)
  ), updated as (
    update ${locationStock} s set
      on_hand = s.on_hand + c.on_hand,
      reserved = s.reserved + c.reserved,
      available = s.available + c.on_hand - c.reserved
    from plan c
    where s.product_id = ${ph('id')}::uuid and s.location_id = c.location_id
    returning s.location_id
  ), added as (
    -- A place the product has no row at yet: only units coming in are planned there. (An upsert
    -- would check the row as if inserted, and a reservation's row alone fails the CHECKs.)
    insert into ${locationStock} (product_id, location_id, on_hand, reserved, available)
    select ${ph('id')}::uuid, location_id, on_hand, reserved, on_hand - reserved from plan
    where location_id not in (select location_id from updated)
  )
  insert into ${stockMovements} (product_id, delta, on_hand_delta, reserved_delta, reason, order_id, actor_user_id, note, location_id)
  select ${ph('id')}::uuid, on_hand - reserved, on_hand, reserved, ${ph('reason')}, ${ph('orderId')}::uuid,
    ${ph('actorUserId')}, ${ph('note')}, location_id
  from plan`,
);

/** One move's ledger rows, written where planMove puts them. */
export interface PlacedMove extends PlaceRequest {
  productId: string;
  reason: string;
  orderId: string | null;
  actorUserId: string | null;
  note: string | null;
}

/**
 * An order's reservation by the owner's rule as one statement: the hot path of every purchase.
 * The places it reads are the latest, since this statement starts after the product's row lock was
 * taken (planMove's rule, written in SQL). Answers the units it placed: fewer than asked only when
 * the places fall short of the total (unplaced rows from the roll), and placeMove does the rest.
 */
const reserveByRule = preparedStatement<
  {
    id: string;
    units: number;
    near: string | null;
    reason: string;
    orderId: string | null;
    note: string | null;
  },
  { placed: number }
>(
  'reserve at places',
  () => sql`
  with places as (
    select s.location_id, s.available, l.pick_order,
      case when l.id = (select f.id from ${stockLocations} f where f.active order by f.pick_order, f.id limit 1) then 0
        when l.region = ${sql.placeholder('near')}::text then 1 else 2 end as rank
    from ${locationStock} s join ${stockLocations} l on l.id = s.location_id
    where s.product_id = ${sql.placeholder('id')} and l.active and s.available > 0
      -- Rows of the release before places (the roll) are taken in first, by placeMove.
      and not exists (select 1 from ${stockMovements} u
        where u.product_id = ${sql.placeholder('id')} and u.location_id is null)
  ), ordered as (
    select location_id, available, coalesce(sum(available) over (
      order by rank, pick_order, location_id rows between unbounded preceding and 1 preceding), 0) as before
    from places
  ), plan as (
    select location_id, least(available, ${sql.placeholder('units')}::int - before)::int as reserved
    from ordered where before < ${sql.placeholder('units')}::int
  ), updated as (
    update ${locationStock} s set reserved = s.reserved + c.reserved, available = s.available - c.reserved
    from plan c where s.product_id = ${sql.placeholder('id')} and s.location_id = c.location_id
  ), logged as (
    insert into ${stockMovements} (product_id, delta, on_hand_delta, reserved_delta, reason, order_id, note, location_id)
    select ${sql.placeholder('id')}::uuid, -reserved, 0, reserved, ${sql.placeholder('reason')}, ${sql.placeholder('orderId')}::uuid,
      ${sql.placeholder('note')}, location_id
    from plan
  )
  select coalesce(sum(reserved), 0)::int as placed from plan`,
  (r) => ({ placed: Number(r.placed) }),
);

/** Reads the product's places under its row lock, plans the move and writes it with its ledger rows. */
export async function placeMove(tx: Tx, move: PlacedMove, productName: string): Promise<PlacedChange[]> {
  if (!move.locationId && move.reserved > 0 && move.onHand === 0) {
    const [done] = await reserveByRule(tx, {
      id: move.productId,
      units: move.reserved,
      near: move.near ?? null,
      reason: move.reason,
      orderId: move.orderId,
      note: move.note,
    });
    const placed = done?.placed ?? 0;
    if (placed === move.reserved) return [];
    move = { ...move, reserved: move.reserved - placed };
  }
  // Units going onto a named place's shelf: the place is held open until this commits, so it is
  // not closed meanwhile with them on it (closing takes its row FOR UPDATE).
  if (move.locationId && move.onHand > 0) await holdPlaceOpen(tx, { id: move.locationId });
  let places = await readPlaces(tx, { id: move.productId, orderId: move.orderId });
  if (places.some((p) => p.unplaced)) {
    await adoptUnplaced(tx, { id: move.productId });
    places = await readPlaces(tx, { id: move.productId, orderId: move.orderId });
  }
  const changes = planMove(move, places, productName);
  await applyChanges(tx, {
    id: move.productId,
    locations: changes.map((c) => c.locationId),
    onHands: changes.map((c) => c.onHand),
    reserveds: changes.map((c) => c.reserved),
    reason: move.reason,
    orderId: move.orderId,
    actorUserId: move.actorUserId,
    note: move.note,
  });
  return changes;
}
