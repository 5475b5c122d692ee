import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packingSlip } from '../../edge/manage/manage.service';
import { insertOrder } from '../../flows/place-order';
import type { Database } from '../../kernel/db/database';
import { orders, stockMovements } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import { createTestDatabase, testOutbox } from '../../test/harness';
import { freeLimits, insertCustomer, stockFigures, storePricing } from '../../test/probes';
import { HOME_ADDRESS } from '../../test/store-flow';
import { createShipment, shipOrder } from '../orders/shipments';
import { adjustStock, stockLedger } from './inventory.service';
import { createLocation, listLocations, setBin, stockAtPlaces, updateLocation } from './locations';
import { type Place, planMove } from './stock-places';
import { closeTransfer, sendTransfer } from './transfers';

const place = (
  locationId: string,
  pickOrder: number,
  onHand: number,
  reserved = 0,
  extra: Partial<Place> = {},
): Place => ({
  locationId,
  name: locationId,
  pickOrder,
  region: null,
  active: true,
  onHand,
  reserved,
  held: 0,
  ...extra,
});

describe('where a move happens (planMove)', () => {
  it('reserves from the first place, then from a place in the buyer state, then the rest', () => {
    const places = [
      place('main', 1, 2),
      place('east', 2, 5, 0, { region: 'NY' }),
      place('west', 3, 5, 0, { region: 'TX' }),
    ];
    expect(planMove({ onHand: 0, reserved: 4, near: 'TX' }, places, 'Rotor')).toEqual([
      { locationId: 'main', onHand: 0, reserved: 2 },
      { locationId: 'west', onHand: 0, reserved: 2 },
    ]);
    expect(planMove({ onHand: 0, reserved: 4 }, places, 'Rotor')).toEqual([
      { locationId: 'main', onHand: 0, reserved: 2 },
      { locationId: 'east', onHand: 0, reserved: 2 },
    ]);
  });

  it('gives an order its units back where it holds them, and sells from the named place', () => {
    const places = [place('main', 1, 4, 3, { held: 3 }), place('shop', 2, 6)];
    // A release (cancel) gives back at main, where the order holds them.
    expect(planMove({ onHand: 0, reserved: -3 }, places, 'Rotor')).toEqual([
      { locationId: 'main', onHand: 0, reserved: -3 },
    ]);
    // Shipped from the shop: the reservation at main is given back, the shop's shelf is taken.
    expect(planMove({ onHand: -3, reserved: -3, locationId: 'shop' }, places, 'Rotor')).toEqual([
      { locationId: 'main', onHand: 0, reserved: -3 },
      { locationId: 'shop', onHand: -3, reserved: 0 },
    ]);
    // Shipped from where it is held: one row, as before places.
    expect(planMove({ onHand: -3, reserved: -3 }, places, 'Rotor')).toEqual([
      { locationId: 'main', onHand: -3, reserved: -3 },
    ]);
  });

  it('refuses to take from a place more than it has, and names the place', () => {
    const places = [place('main', 1, 1), place('shop', 2, 9)];
    expect(() => planMove({ onHand: -2, reserved: 0, locationId: 'main' }, places, 'Rotor')).toThrow(
      'Only 1 of Rotor at main.',
    );
    expect(() => planMove({ onHand: 5, reserved: 0, locationId: 'attic' }, places, 'Rotor')).toThrow(
      'Choose one of the store’s open places',
    );
    // Units coming in with no place named go to the first open place.
    expect(planMove({ onHand: 5, reserved: 0 }, places, 'Rotor')).toEqual([
      { locationId: 'main', onHand: 5, reserved: 0 },
    ]);
  });
});

describe('stock in places, on the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts, transfers and receives per place, the ledger adding up at each', async () => {
    const admin = await insertCustomer(database.db, 'Places Admin');
    const shop = await createLocation(database.db, {
      name: 'Front shop',
      kind: 'shop',
      region: 'tx',
      pickOrder: 2,
    });
    expect(shop).toMatchObject({ id: 'front-shop', region: 'TX', active: true, onHand: 0 });
    await expect(
      createLocation(database.db, { name: 'front SHOP', kind: 'shop', pickOrder: 3 }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const product = await insertProduct(database.db, { availableQuantity: 10, minimumOrderQuantity: 1 });
    // The opening stock is at the first place.
    expect((await stockAtPlaces(database.db, product.id)).map((p) => [p.locationId, p.onHand])).toEqual([
      ['main', 10],
      ['front-shop', 0],
    ]);
    // A count at the shop: 4 there, the total 14.
    expect(
      await adjustStock(
        database.db,
        product.id,
        { set: 4, locationId: 'front-shop', note: 'shelf' },
        admin.id,
      ),
    ).toBe(14);
    // 3 sent from main to the shop: on no shelf while in transit, so buyers see 11.
    const transfer = await sendTransfer(
      database.db,
      { productId: product.id, fromLocationId: 'main', toLocationId: 'front-shop', quantity: 3 },
      admin.id,
    );
    expect(transfer).toMatchObject({ status: 'in_transit', quantity: 3, fromLocationName: 'Main warehouse' });
    expect(await stockFigures(database.db, product.id)).toMatchObject({ onHand: 11, available: 11 });
    expect(
      (await stockAtPlaces(database.db, product.id)).map((p) => [p.locationId, p.onHand, p.incoming]),
    ).toEqual([
      ['main', 7, 0],
      ['front-shop', 4, 3],
    ]);
    // More than main has cannot be sent, and nothing moves.
    await expect(
      sendTransfer(
        database.db,
        { productId: product.id, fromLocationId: 'main', toLocationId: 'front-shop', quantity: 8 },
        admin.id,
      ),
    ).rejects.toThrow(`Only 7 of ${product.name} at Main warehouse.`);
    // Received once: the shop has 7; a second press is refused.
    await closeTransfer(database.db, transfer.id, 'received', admin.id);
    await expect(closeTransfer(database.db, transfer.id, 'cancelled', admin.id)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(
      (await stockAtPlaces(database.db, product.id)).map((p) => [p.locationId, p.onHand, p.incoming]),
    ).toEqual([
      ['main', 7, 0],
      ['front-shop', 7, 0],
    ]);
    // A transfer cancelled in transit puts the units back where they left.
    const back = await sendTransfer(
      database.db,
      { productId: product.id, fromLocationId: 'front-shop', toLocationId: 'main', quantity: 2 },
      admin.id,
    );
    await closeTransfer(database.db, back.id, 'cancelled', admin.id);
    expect(await stockFigures(database.db, product.id)).toEqual({
      onHand: 14,
      reserved: 0,
      available: 14,
      ledgerOnHand: 14,
      ledgerReserved: 0,
    });
    const ledger = await stockLedger(database.db, product.id);
    expect(ledger.movements.map((m) => [m.reason, m.locationId, m.onHand])).toEqual([
      ['transfer_in', 'front-shop', 2],
      ['transfer_out', 'front-shop', -2],
      ['transfer_in', 'front-shop', 3],
      ['transfer_out', 'main', -3],
      ['admin_adjustment', 'front-shop', 4],
      ['opening', 'main', 10],
    ]);
    // A place that holds stock cannot be closed; emptied, it can, and keeps its history.
    await expect(updateLocation(database.db, 'front-shop', { ...shop, active: false })).rejects.toThrow(
      'Front shop still holds stock',
    );
    await adjustStock(database.db, product.id, { set: 0, locationId: 'front-shop' }, admin.id);
    expect(await updateLocation(database.db, 'front-shop', { ...shop, active: false })).toMatchObject({
      active: false,
    });
    expect((await listLocations(database.db)).map((l) => [l.id, l.active])).toContainEqual([
      'front-shop',
      false,
    ]);
    // The last open place cannot be closed.
    await expect(
      updateLocation(database.db, 'main', {
        name: 'Main warehouse',
        kind: 'warehouse',
        pickOrder: 1,
        active: false,
      }),
    ).rejects.toThrow(/still holds stock|one open place/);
  });

  it('reserves an order where the stock is, picks by bin, ships a parcel from one place', async () => {
    const admin = await insertCustomer(database.db, 'Pick Admin');
    const buyer = await insertCustomer(database.db, 'Pick Buyer');
    const back = await createLocation(database.db, { name: 'Back room', kind: 'warehouse', pickOrder: 5 });
    const pads = await insertProduct(database.db, { availableQuantity: 1, minimumOrderQuantity: 1 });
    const rotor = await insertProduct(database.db, { availableQuantity: 0, minimumOrderQuantity: 1 });
    await adjustStock(database.db, pads.id, { set: 5, locationId: back.id }, admin.id);
    await adjustStock(database.db, rotor.id, { set: 4, locationId: back.id }, admin.id);
    await setBin(database.db, pads.id, back.id, 'B-12');
    await setBin(database.db, rotor.id, back.id, 'A-03');
    await setBin(database.db, pads.id, 'main', 'Z-1');
    const placed = await database.db.transaction((tx) =>
      insertOrder(
        tx,
        testOutbox(database.db),
        buyer,
        {
          lines: [
            { productId: pads.id, quantity: 3 },
            { productId: rotor.id, quantity: 2 },
          ],
          phone: '01712345678',
          shippingMethod: 'standard',
          shippingAddress: null,
          firstMethodOffered: true,
        },
        freeLimits(),
        storePricing(),
      ),
    );
    const order = { _id: placed.row.id };
    // Pads: 1 from main (the first place), 2 from the back room; the rotor all from the back room.
    const slip = await packingSlip(database.db, order._id);
    expect(slip.picks.map((p) => [p.locationName, p.lines.map((l) => [l.bin, l.quantity])])).toEqual([
      ['Main warehouse', [['Z-1', 1]]],
      [
        'Back room',
        [
          ['A-03', 2],
          ['B-12', 2],
        ],
      ],
    ]);
    for (const id of [pads.id, rotor.id]) await stockFigures(database.db, id);
    await database.db
      .update(orders)
      .set({ status: 'awaiting_shipment', shippingAddress: HOME_ADDRESS })
      .where(eq(orders.id, order._id));
    // Without a place named, the parcel leaves from the back room (it holds most of it): the back
    // room's shelf gives all 3 pads and main's reserved unit is given back to sell.
    const shipped = await createShipment(database.db, testOutbox(database.db), order._id, admin.id, {});
    expect(shipped.shipments?.[0]?.locationId).toBe(back.id);
    expect(
      (await stockAtPlaces(database.db, pads.id))
        .filter((p) => p.onHand > 0)
        .map((p) => [p.locationId, p.onHand, p.reserved]),
    ).toEqual([
      ['main', 1, 0],
      [back.id, 2, 0],
    ]);
    expect(await stockFigures(database.db, pads.id)).toMatchObject({ onHand: 3, reserved: 0, available: 3 });
    expect(await stockFigures(database.db, rotor.id)).toMatchObject({ onHand: 2, reserved: 0, available: 2 });
    // The pads' ledger for the order, place by place: reserved 1 at main and 2 in the back room;
    // shipped from the back room (3 off its shelf), main's unit given back.
    const rows = await database.db
      .select({
        reason: stockMovements.reason,
        location: stockMovements.locationId,
        onHand: stockMovements.onHandDelta,
        reserved: stockMovements.reservedDelta,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order._id), eq(stockMovements.productId, pads.id)))
      .orderBy(stockMovements.id);
    expect(rows.map((r) => [r.reason, r.location, r.onHand, r.reserved])).toEqual([
      ['order_placed', 'main', 0, 1],
      ['order_placed', back.id, 0, 2],
      ['sale', back.id, -3, -2],
      ['sale', 'main', 0, -1],
    ]);

    // The spec's Ship button on an order held at two places: one parcel from each, in pick order.
    const split = await database.db.transaction((tx) =>
      insertOrder(
        tx,
        testOutbox(database.db),
        buyer,
        {
          lines: [{ productId: pads.id, quantity: 3 }],
          phone: '01712345678',
          shippingMethod: 'standard',
          shippingAddress: null,
          firstMethodOffered: true,
        },
        freeLimits(),
        storePricing(),
      ),
    );
    await database.db
      .update(orders)
      .set({ status: 'awaiting_shipment', shippingAddress: HOME_ADDRESS })
      .where(eq(orders.id, split.row.id));
    const both = await shipOrder(database.db, testOutbox(database.db), split.row.id, admin.id);
    expect(both.status).toBe('shipped');
    expect(both.shipments?.map((p) => [p.locationId, p.lines.map((l) => [l.productId, l.quantity])])).toEqual(
      [
        ['main', [[pads.id, 1]]],
        [back.id, [[pads.id, 2]]],
      ],
    );
    expect(await stockFigures(database.db, pads.id)).toMatchObject({ onHand: 0, reserved: 0, available: 0 });
  });
});
