import type { CrossReference, Fitment } from '../../contract/catalog';

/**
 * The demo catalog's parts data, beside seed-data.ts's products: for each product (by name) its
 * category (the tree ships in drizzle/0012), brand, numbers and the vehicles it fits. Fitment follows the
 * real cars: an H11 low beam on a 2014 Civic, a 5 x 114.3 wheel on a Camry, a 9005 high beam.
 */

export interface SeedPart {
  category: string;
  brand: string;
  sku: string;
  partNumber: string;
  crossReferences: CrossReference[];
  /** Either fits every vehicle, or the rows it fits. */
  universal: boolean;
  fitment: Fitment[];
  /** A deposit on the old part, refunded when it comes back (remanufactured parts). */
  coreChargeCents?: number;
}

const fits = (
  make: string,
  model: string,
  yearFrom: number,
  yearTo: number,
  engine: string | null = null,
): Fitment => ({
  make,
  model,
  year_from: yearFrom,
  year_to: yearTo,
  engine,
});
const oem = (number: string, brand: string): CrossReference => ({ number, kind: 'oem', brand });
const alt = (number: string, brand: string): CrossReference => ({ number, kind: 'interchange', brand });
const universal = (category: string, brand: string, sku: string, partNumber: string): SeedPart => ({
  category,
  brand,
  sku,
  partNumber,
  crossReferences: [],
  universal: true,
  fitment: [],
});

/** Keyed by the product's name in seed-data.ts. */
export const seedParts: Record<string, SeedPart> = {
  '1/2-Inch Drive Click Torque Wrench': universal('hand-tools', 'Torque Works', 'TW-TQ-1250', 'TQW-12150'),
  "94-Piece Mechanic's Socket Set": universal('hand-tools', 'Ironclad', 'IC-SS-0094', 'SS-94M'),
  '3-Ton Low-Profile Hydraulic Floor Jack': universal('lifting', 'Steelhawk', 'SH-FJ-3000', 'FJ-3LP'),
  '3-Ton Ratcheting Jack Stands, Pair': universal('lifting', 'Steelhawk', 'SH-JS-3000', 'JS-3R2'),
  'OBD-II Diagnostic Code Scanner': universal('diagnostics', 'Northline', 'NL-OBD-200', 'OBD-200C'),
  'H11 LED Headlight Bulbs, Pair': {
    category: 'lights',
    brand: 'Redline',
    sku: 'RL-H11-LED',
    partNumber: 'H11-LED-6K',
    crossReferences: [alt('H11', 'Sylvania'), alt('64211', 'Osram')],
    universal: false,
    fitment: [
      fits('Honda', 'Civic', 2012, 2015),
      fits('Ford', 'F-150', 2015, 2020),
      fits('Toyota', 'Corolla', 2014, 2019),
      fits('Nissan', 'Altima', 2013, 2018),
    ],
  },
  'Ceramic Front Brake Pad Set': {
    category: 'brakes',
    brand: 'Apex Garage',
    sku: 'AG-BP-1578',
    partNumber: 'BR-320V',
    crossReferences: [oem('45022-TR0-A01', 'Honda'), alt('D1578', 'Wagner'), alt('CD1578', 'Raybestos')],
    universal: false,
    fitment: [fits('Honda', 'Civic', 2012, 2015), fits('Honda', 'Civic', 2016, 2021, '2.0L I4')],
  },
  'Cordless 1/2-Inch Impact Wrench': universal('power-tools', 'Torque Works', 'TW-IW-2070', 'IW-20V-700'),
  'Digital Tire Pressure Gauge': universal('diagnostics', 'Pit Lane', 'PL-TG-0150', 'TPG-150D'),
  'Smart Battery Charger and Maintainer': universal('diagnostics', 'Northline', 'NL-BC-1012', 'BC-10A'),
  '18-Inch Five-Spoke Alloy Wheel': {
    category: 'wheels',
    brand: 'Roadmaster',
    sku: 'RM-AW-1880',
    partNumber: 'AW18-51143',
    crossReferences: [oem('42611-06F30', 'Toyota')],
    universal: false,
    // 18 x 8 inches, 5 x 114.3 mm, +40 offset: midsize sedans, not a 6-lug truck.
    fitment: [fits('Toyota', 'Camry', 2018, 2024), fits('Honda', 'Accord', 2018, 2022)],
  },
  'All-Season Touring Tire 225/45R17': {
    category: 'tires',
    brand: 'Trailside',
    sku: 'TS-AS-2254517',
    partNumber: 'TT-2254517',
    crossReferences: [],
    universal: false,
    fitment: [
      fits('Honda', 'Civic', 2016, 2021),
      fits('Toyota', 'Corolla', 2019, 2024),
      fits('Volkswagen', 'Jetta', 2011, 2018),
      fits('Mazda', 'Mazda3', 2014, 2018),
    ],
  },
  'Severe-Duty Front Brake Pad Set for Trucks': {
    category: 'brakes',
    brand: 'Apex Garage',
    sku: 'AG-BP-1414',
    partNumber: 'BR-1414S',
    crossReferences: [oem('FL3Z-2001-A', 'Ford'), alt('D1414', 'Wagner')],
    universal: false,
    fitment: [fits('Ford', 'F-150', 2015, 2020), fits('Ford', 'F-150', 2021, 2023)],
  },
  'Low-Dust Front Brake Pad Set for Midsize Sedans': {
    category: 'brakes',
    brand: 'Apex Garage',
    sku: 'AG-BP-2076',
    partNumber: 'BR-2076C',
    crossReferences: [oem('04465-06200', 'Toyota'), alt('D2076', 'Wagner')],
    universal: false,
    fitment: [fits('Toyota', 'Camry', 2018, 2024), fits('Toyota', 'RAV4', 2019, 2024)],
  },
  '9005 LED High-Beam Bulbs, Pair': {
    category: 'lights',
    brand: 'Redline',
    sku: 'RL-9005-LED',
    partNumber: '9005-LED-6K',
    crossReferences: [alt('9005', 'Sylvania'), alt('9005', 'Philips')],
    universal: false,
    fitment: [
      fits('Honda', 'Civic', 2012, 2015),
      fits('Toyota', 'Camry', 2018, 2024),
      fits('Ford', 'F-150', 2015, 2017),
    ],
  },
  'H10 LED Fog Light Bulbs, Pair': {
    category: 'lights',
    brand: 'Redline',
    sku: 'RL-H10-LED',
    partNumber: 'H10-LED-3K',
    crossReferences: [alt('9145', 'Sylvania')],
    universal: false,
    fitment: [
      fits('Ford', 'F-150', 2015, 2020),
      fits('Honda', 'Civic', 2016, 2021),
      fits('Toyota', 'Camry', 2018, 2024),
    ],
  },
  '17-Inch Black Steel Wheel': {
    category: 'wheels',
    brand: 'Roadmaster',
    sku: 'RM-SW-1770',
    partNumber: 'SW17-51143',
    crossReferences: [],
    universal: false,
    fitment: [
      fits('Honda', 'Civic', 2016, 2021),
      fits('Toyota', 'Corolla', 2019, 2024),
      fits('Mazda', 'Mazda3', 2014, 2018),
    ],
  },
  'All-Terrain Truck Tire 265/70R17': {
    category: 'tires',
    brand: 'Trailside',
    sku: 'TS-AT-2657017',
    partNumber: 'AT-2657017',
    crossReferences: [],
    universal: false,
    fitment: [fits('Ford', 'F-150', 2015, 2023)],
  },
  "Nitrile Mechanic's Gloves, Box of 100": universal('tools', 'Pit Lane', 'PL-GL-0100', 'NG-100L'),
  'Slotted Front Brake Rotor': {
    category: 'brakes',
    brand: 'Rotorline',
    sku: 'RL-RT-3175',
    partNumber: 'RT-31750S',
    crossReferences: [oem('45251-TBA-A01', 'Honda'), alt('BR901722', 'Bosch')],
    universal: false,
    fitment: [fits('Honda', 'Civic', 2016, 2021), fits('Honda', 'Civic', 2012, 2015)],
  },
  'Heavy-Duty Front Brake Rotor for Trucks': {
    category: 'brakes',
    brand: 'Rotorline',
    sku: 'RL-RT-5464',
    partNumber: 'RT-54640H',
    crossReferences: [oem('FL3Z-1125-A', 'Ford')],
    universal: false,
    fitment: [fits('Ford', 'F-150', 2015, 2020), fits('Ford', 'F-150', 2021, 2023)],
  },
  'Ceramic Rear Brake Pad Set': {
    category: 'brakes',
    brand: 'Apex Garage',
    sku: 'AG-BP-1724',
    partNumber: 'BR-1724R',
    crossReferences: [oem('43022-TBA-A01', 'Honda'), alt('D1724', 'Wagner')],
    universal: false,
    fitment: [fits('Honda', 'Civic', 2016, 2021), fits('Toyota', 'Camry', 2018, 2024)],
  },
  'Remanufactured Front Brake Caliper': {
    category: 'brakes',
    brand: 'Apex Garage',
    sku: 'AG-CL-4203',
    partNumber: 'CL-4203R',
    crossReferences: [alt('19B7288', 'Cardone')],
    universal: false,
    fitment: [fits('Honda', 'Civic', 2016, 2021, '2.0L I4')],
    coreChargeCents: 3500,
  },
  'Remanufactured Alternator, 130 Amp': {
    category: 'parts',
    brand: 'Northline',
    sku: 'NL-AL-1130',
    partNumber: 'AL-11130R',
    crossReferences: [oem('31100-5BA-A01', 'Honda'), alt('11130', 'Denso')],
    universal: false,
    fitment: [fits('Honda', 'Civic', 2016, 2021, '2.0L I4')],
    coreChargeCents: 5000,
  },
};
