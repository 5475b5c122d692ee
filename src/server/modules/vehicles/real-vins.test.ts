import { describe, expect, it } from 'vitest';
import { REAL_VINS } from './real-vins.fixture';
import { readVin } from './vin';

/** The model a source writes with series and trim after it ('Integra RS') starts with vPIC's model ('Integra'). */
const startsWithModel = (described: string, model: string | undefined) =>
  model !== undefined && `${described} `.toLowerCase().startsWith(`${model.toLowerCase()} `);

describe('real VINs decoded offline (vPIC patterns)', () => {
  it('holds at least 50 real VINs of many makes and four decades', () => {
    expect(REAL_VINS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(REAL_VINS.map(([, , make]) => make)).size).toBeGreaterThanOrEqual(20);
    const decades = new Set(REAL_VINS.map(([, year]) => Math.floor(year / 10) * 10));
    expect([...decades].sort()).toEqual([1980, 1990, 2000, 2010, 2020]);
  });

  it.each(REAL_VINS)('%s is a %i %s %s', (vin, year, make, model) => {
    const decoded = readVin(vin);
    expect(decoded).toMatchObject({ ok: true, vin, year, make });
    expect(decoded.ok && startsWithModel(model, decoded.model)).toBe(true);
  });

  it('decodes a VIN in well under 20 ms once the patterns are read', () => {
    readVin(REAL_VINS[0]?.[0] ?? '');
    const times = REAL_VINS.map(([vin]) => {
      const start = performance.now();
      readVin(vin);
      return performance.now() - start;
    }).sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.99)]).toBeLessThan(20);
  });
});

describe('the VINs of the issue that found the old decoder short', () => {
  // Reported in the store's issue 42 with their vehicles; each the decoder answered wrongly before.
  it.each([
    ['5YJSA1DG9DFP14705', 2013, 'Tesla', 'Model S'],
    ['1HGCM82633A004352', 2003, 'Honda', 'Accord'],
    ['19UUA56602A801534', 2002, 'Acura', 'TL'],
    ['2HNYD28809H002590', 2009, 'Acura', 'MDX'],
  ])('%s is a %i %s %s', (vin, year, make, model) => {
    expect(readVin(vin)).toMatchObject({ ok: true, year, make, model });
  });

  it('reads the body and fuel where vPIC knows them', () => {
    // A Model S is an electric five-door liftback.
    expect(readVin('5YJSA1DG9DFP14705')).toMatchObject({
      body: 'Hatchback/Liftback/Notchback',
      fuel: 'Electric',
    });
  });
});
