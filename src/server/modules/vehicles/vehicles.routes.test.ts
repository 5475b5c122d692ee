import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GarageVehicle, VehicleOptions, VinDecoded } from '../../../contract/catalog';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as } from '../../test/store-flow';
import { cleanVin, readVin, VIN_MESSAGES, vinCheckDigit } from './vin';

describe('VIN check digit and decoding (offline)', () => {
  it('computes the check digit, X for ten', () => {
    // The worked example of 49 CFR 565 and every VIN decoder's test vector.
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('19XFB2F59EE000001')).toBe('9');
  });

  it.each([
    ['19XFB2F59EE000001', 'Honda', 2014],
    ['1FTEW1EG6JF000001', 'Ford', 2018],
    ['4T1B11HK8LU000001', 'Toyota', 2020],
    ['1ftew1eg6jf-000001', 'Ford', 2018],
  ])('reads %s as a %s of %i', (vin, make, year) => {
    expect(readVin(vin)).toMatchObject({ ok: true, vin: cleanVin(vin), make, year });
  });

  it('reads the model-year cycle from the 7th character (a digit: 1980-2009)', () => {
    const older = '1HGCM5653' + '4A000001'; // 7th character 6, 10th 4 -> 2004
    const vin = `${older.slice(0, 8)}${vinCheckDigit(`${older.slice(0, 8)}0${older.slice(9)}`)}${older.slice(9)}`;
    expect(readVin(vin)).toMatchObject({ ok: true, make: 'Honda', year: 2004 });
  });

  it.each([
    ['19XFB2F59EE00000', VIN_MESSAGES.length],
    ['19XFB2F59EE0000O1', `${VIN_MESSAGES.letters}: the 16th character is an O (a VIN uses 0)`],
    ['19XFB2F59EE00000I', `${VIN_MESSAGES.letters}: the 17th character is an I (a VIN uses 1)`],
    ['19XFB2F59EE00000*', VIN_MESSAGES.letters],
    // One look-alike explains the wrong check digit: the 6th character, a 2 read for a Z.
    ['19XFB2F58EE000001', `${VIN_MESSAGES.checkDigit}: the 6th character may be Z rather than 2`],
    // Several would: none is named.
    ['19XFB2F53EE000001', VIN_MESSAGES.checkDigit],
    // A bus maker's VIN (49 CFR 565's example): not a car, truck or van the store lists.
    ['1M8GDM9AXKP042788', VIN_MESSAGES.make],
  ])('refuses %s: %s', (vin, message) => {
    expect(readVin(vin)).toEqual({ ok: false, message });
  });
});

let t: TestApp;
let customer: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t.close());

describe('the vehicle picker', () => {
  it('offers years, then makes, models and engines from the shipped vehicles table', async () => {
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/vehicles/options?${query}` })).json() as VehicleOptions;
    const start = await get('');
    expect(start.years).toEqual(expect.arrayContaining([2014, 2018, 2020]));
    expect(start.years[0]).toBeGreaterThan(start.years.at(-1) ?? 0);
    expect(start.makes).toEqual([]);
    expect((await get('year=2014')).makes).toEqual(expect.arrayContaining(['Ford', 'Honda', 'Toyota']));
    expect((await get('year=2014&make=Honda')).models).toEqual(
      expect.arrayContaining(['Accord', 'CR-V', 'Civic']),
    );
    expect((await get('year=2018&make=Ford&model=F-150')).engines).toEqual(
      expect.arrayContaining(['5.0L V8', '3.5L EcoBoost V6', '2.7L EcoBoost V6']),
    );
    expect((await get('year=2020&make=Toyota&model=Camry')).engines).toEqual(['2.5L I4', '3.5L V6']);
  });

  it('decodes a VIN to its make, year and model with the models to choose from, and explains a bad one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vehicles/vin/19XFB2F59EE000001' });
    const decoded = res.json() as VinDecoded;
    expect(decoded).toMatchObject({ year: 2014, make: 'Honda', model: 'Civic' });
    expect(decoded.models).toContain('Civic');
    const bad = await t.app.inject({ method: 'GET', url: '/api/vehicles/vin/19XFB2F58EE000001' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      `${VIN_MESSAGES.checkDigit}: the 6th character may be Z rather than 2`,
    );
  });

  it('answers the VINs the old decoder could not place, and offers their model in the picker', async () => {
    for (const [vin, year, make, model] of [
      ['5YJSA1DG9DFP14705', 2013, 'Tesla', 'Model S'],
      ['1HGCM82633A004352', 2003, 'Honda', 'Accord'],
      ['19UUA56602A801534', 2002, 'Acura', 'TL'],
      ['2HNYD28809H002590', 2009, 'Acura', 'MDX'],
    ] as const) {
      const decoded = (
        await t.app.inject({ method: 'GET', url: `/api/vehicles/vin/${vin}` })
      ).json() as VinDecoded;
      expect(decoded).toMatchObject({ vin, year, make, model });
      expect(decoded.models).toContain(model);
    }
  });

  it('offers every vehicle since 1981 from vPIC beside the shipped ones', async () => {
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/vehicles/options?${query}` })).json() as VehicleOptions;
    const { years } = await get('');
    expect(years.at(-1)).toBe(1981);
    expect(years).toEqual(expect.arrayContaining([1985, 1999, 2005, 2026]));
    expect((await get('year=1988')).makes).toEqual(expect.arrayContaining(['Acura', 'Ford', 'Jeep']));
    expect((await get('year=1988&make=Jeep')).models).toContain('Cherokee');
    expect((await get('year=2013&make=Tesla')).models).toContain('Model S');
    // The vehicles of 0012 keep their names beside vPIC's.
    expect((await get('year=2014&make=Chevrolet')).models).toEqual(
      expect.arrayContaining(['Silverado 1500', 'Silverado']),
    );
  });

  it('keeps a vPIC vehicle in My Garage', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/garage',
      headers: as(other),
      payload: { year: 1988, make: 'Jeep', model: 'Cherokee' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/garage/${(res.json() as GarageVehicle[])[0]?.id}`,
      headers: as(other),
    });
  });
});

describe('My Garage', () => {
  const garage = async (session: TestSession) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/garage', headers: as(session) });
    expect(res.statusCode).toBe(200);
    return res.json() as GarageVehicle[];
  };
  const add = (session: TestSession, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/garage', headers: as(session), payload });

  it('keeps several vehicles with the last chosen active, switches and removes them', async () => {
    expect(await garage(customer)).toEqual([]);
    expect((await add(customer, { year: 2014, make: 'Honda', model: 'Civic' })).statusCode).toBe(200);
    const added = await add(customer, { year: 2018, make: 'Ford', model: 'F-150', engine: '5.0L V8' });
    const list = added.json() as GarageVehicle[];
    expect(list.map((v) => [v.year, v.model, v.engine, v.active])).toEqual([
      [2018, 'F-150', '5.0L V8', true],
      [2014, 'Civic', '', false],
    ]);
    const civic = list[1]?.id ?? '';
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/garage/${civic}/active`,
      headers: as(customer),
    });
    expect((switched.json() as GarageVehicle[]).filter((v) => v.active).map((v) => v.model)).toEqual([
      'Civic',
    ]);
    // The same vehicle again is made active, not added twice.
    await add(customer, { year: 2018, make: 'Ford', model: 'F-150', engine: '5.0L V8' });
    expect((await garage(customer)).map((v) => [v.model, v.active])).toEqual([
      ['F-150', true],
      ['Civic', false],
    ]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/garage/${civic}`,
      headers: as(customer),
    });
    expect((removed.json() as GarageVehicle[]).map((v) => v.model)).toEqual(['F-150']);
  });

  it("refuses a vehicle the store does not list, and another customer's vehicle is not found", async () => {
    const unknown = await add(customer, { year: 2014, make: 'Honda', model: 'Batmobile' });
    expect(unknown.statusCode).toBe(400);
    const [mine] = await garage(customer);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/garage/${mine?.id}`,
      headers: as(other),
    });
    expect(theirs.statusCode).toBe(404);
    expect(await garage(other)).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/garage' });
    expect(anonymous.statusCode).toBe(401);
  });
});
