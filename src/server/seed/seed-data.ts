/** A product of the demo catalog seeded into an empty database. */
export interface SeedProduct {
  name: string;
  /** Path served by the web app, e.g. "/images/tools/torque-wrench.svg". */
  image: string;
  /** Price in integer US cents, e.g. 4999 for $49.99. */
  priceCents: number;
  /** 2 to 4 sentences, each one string ending with a full stop. */
  description: string[];
  availableQuantity: number;
  minimumOrderQuantity: number;
}

export interface SeedReview {
  comment: string;
  commenter: string;
  ratings: number;
}

export const seedProducts: SeedProduct[] = [
  {
    name: '1/2-Inch Drive Click Torque Wrench',
    image: '/images/tools/torque-wrench.svg',
    priceCents: 8999,
    description: [
      'Adjustable click-type torque wrench covering 20 to 150 foot-pounds with an audible and tactile click at the set value.',
      'The dual scale is marked in foot-pounds and newton-metres and locks with a twist of the handle cap.',
      'A reversible 72-tooth ratchet head works in both tightening directions.',
      'Each wrench is calibrated to within four percent and ships in a protective storage case.',
    ],
    availableQuantity: 180,
    minimumOrderQuantity: 1,
  },
  {
    name: "94-Piece Mechanic's Socket Set",
    image: '/images/tools/socket-set.svg',
    priceCents: 12999,
    description: [
      'Complete set of metric and SAE sockets in 1/4-inch, 3/8-inch and 1/2-inch drive sizes.',
      'Sockets are forged from chrome vanadium steel with a six-point profile that grips the flats of a fastener.',
      'Three quick-release ratchets, extensions and a universal joint are included.',
      'Everything stores in a fitted blow-moulded case with labelled slots.',
    ],
    availableQuantity: 240,
    minimumOrderQuantity: 1,
  },
  {
    name: '3-Ton Low-Profile Hydraulic Floor Jack',
    image: '/images/tools/floor-jack.svg',
    priceCents: 19999,
    description: [
      'Low-profile steel floor jack rated for 3 tons that slides under lowered cars and lifts SUVs alike.',
      'Dual pump pistons raise the saddle to full height in a few strokes.',
      'A built-in safety valve prevents overloading and the padded handle protects bodywork.',
    ],
    availableQuantity: 60,
    minimumOrderQuantity: 1,
  },
  {
    name: '3-Ton Ratcheting Jack Stands, Pair',
    image: '/images/tools/jack-stands.svg',
    priceCents: 5499,
    description: [
      'Pair of welded steel jack stands rated for 3 tons each.',
      'The ratcheting column adjusts in one-inch steps and is secured by a double-locking pin.',
      'Wide pyramid bases keep the vehicle stable on concrete garage floors.',
    ],
    availableQuantity: 150,
    minimumOrderQuantity: 1,
  },
  {
    name: 'OBD-II Diagnostic Code Scanner',
    image: '/images/tools/obd2-scanner.svg',
    priceCents: 7999,
    description: [
      'Handheld scanner that reads and clears engine trouble codes on most cars and light trucks built since 1996.',
      'The colour screen shows live sensor data, freeze-frame records and emissions readiness status.',
      'It is powered directly from the diagnostic port and needs no batteries.',
    ],
    availableQuantity: 320,
    minimumOrderQuantity: 1,
  },
  {
    name: 'H11 LED Headlight Bulbs, Pair',
    image: '/images/tools/led-headlight-bulbs.svg',
    priceCents: 4999,
    description: [
      'Plug-and-play LED replacement bulbs for H11 low beam and fog light sockets.',
      'They produce a crisp 6500K white beam while drawing far less power than halogen bulbs.',
      'A built-in cooling fan and aluminium heat sink keep the chips at a safe temperature.',
      'Each pair is rated for more than 30000 hours of use.',
    ],
    availableQuantity: 520,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Ceramic Front Brake Pad Set',
    image: '/images/tools/brake-pad-set.svg',
    priceCents: 4499,
    description: [
      'Premium ceramic brake pads for the front axle of popular sedans and compact SUVs.',
      'The low-dust compound runs quietly and is gentle on rotors.',
      'Slotted and chamfered friction blocks reduce vibration and squeal.',
      'Stainless abutment clips and brake lubricant are included in every box.',
    ],
    availableQuantity: 400,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Cordless 1/2-Inch Impact Wrench',
    image: '/images/tools/impact-wrench.svg',
    priceCents: 21900,
    description: [
      'Brushless 20-volt impact wrench that delivers up to 700 foot-pounds of breakaway torque.',
      'Three speed settings let you run lug nuts down gently or break loose seized bolts.',
      'The kit includes a 5 amp-hour battery, a fast charger and a carry bag.',
    ],
    availableQuantity: 90,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Digital Tire Pressure Gauge',
    image: '/images/tools/tire-pressure-gauge.svg',
    priceCents: 1499,
    description: [
      'Backlit digital gauge that reads tire pressure from 5 to 150 PSI in a couple of seconds.',
      'The angled chuck seals easily on valve stems of cars, motorcycles and bicycles.',
      'It switches off automatically to save its replaceable battery.',
    ],
    availableQuantity: 600,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Smart Battery Charger and Maintainer',
    image: '/images/tools/battery-charger.svg',
    priceCents: 6999,
    description: [
      'Fully automatic charger for 6-volt and 12-volt lead-acid, AGM and lithium batteries.',
      'A multi-stage charging cycle restores deeply discharged batteries and then holds them at full charge.',
      'Spark-proof clamps and reverse polarity protection make hookup safe.',
    ],
    availableQuantity: 210,
    minimumOrderQuantity: 1,
  },
  {
    name: '18-Inch Five-Spoke Alloy Wheel',
    image: '/images/tools/alloy-wheel.svg',
    priceCents: 17900,
    description: [
      'Cast aluminium alloy wheel with a classic five-spoke design and a gunmetal finish.',
      'It measures 18 by 8 inches with a 5x114 bolt pattern and a +40 offset.',
      'Each wheel is load rated to 1600 pounds and ships with a centre cap.',
    ],
    availableQuantity: 48,
    minimumOrderQuantity: 1,
  },
  {
    name: 'All-Season Touring Tire 225/45R17',
    image: '/images/tools/all-season-tire.svg',
    priceCents: 13999,
    description: [
      'Quiet all-season touring tire in size 225/45R17 for sedans and hatchbacks.',
      'Its asymmetric tread and deep sipes keep grip on wet roads and light snow.',
      'The tread compound is backed by a 60000-mile limited warranty.',
    ],
    availableQuantity: 280,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Severe-Duty Front Brake Pad Set for Trucks',
    image: '/images/tools/brake-pad-set.svg',
    priceCents: 6999,
    description: [
      'Semi-metallic front brake pads for full-size pickups that tow and haul.',
      'The severe-duty compound resists fade on long downhill grades.',
      'Each set comes with new abutment clips and a packet of caliper grease.',
    ],
    availableQuantity: 220,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Low-Dust Front Brake Pad Set for Midsize Sedans',
    image: '/images/tools/brake-pad-set.svg',
    priceCents: 4999,
    description: [
      'Ceramic front brake pads matched to current midsize sedans.',
      'Wheels stay clean thanks to a compound that sheds very little dust.',
      'Rubber-steel shims keep the pedal quiet from the first stop.',
    ],
    availableQuantity: 260,
    minimumOrderQuantity: 1,
  },
  {
    name: '9005 LED High-Beam Bulbs, Pair',
    image: '/images/tools/led-headlight-bulbs.svg',
    priceCents: 4499,
    description: [
      'Pair of 9005 LED high-beam bulbs with a bright 6500 K white beam.',
      'A slim fan-cooled body fits behind the original dust cover.',
      'They plug straight into the factory connector with no adapter.',
    ],
    availableQuantity: 300,
    minimumOrderQuantity: 1,
  },
  {
    name: 'H10 LED Fog Light Bulbs, Pair',
    image: '/images/tools/led-headlight-bulbs.svg',
    priceCents: 3499,
    description: [
      'Pair of H10 LED fog light bulbs with a selective yellow beam.',
      'The short body fits the original fog lamp housings without trimming.',
      'A built-in driver keeps the dashboard free of bulb warnings.',
    ],
    availableQuantity: 220,
    minimumOrderQuantity: 1,
  },
  {
    name: '17-Inch Black Steel Wheel',
    image: '/images/tools/alloy-wheel.svg',
    priceCents: 8900,
    description: [
      'Black powder-coated steel wheel, 17 by 7 inches, for a winter tire set.',
      'It takes the original lug nuts and tire pressure sensor.',
      'Each wheel is load rated to 1500 pounds.',
    ],
    availableQuantity: 96,
    minimumOrderQuantity: 1,
  },
  {
    name: 'All-Terrain Truck Tire 265/70R17',
    image: '/images/tools/all-season-tire.svg',
    priceCents: 18999,
    description: [
      'All-terrain tire in size 265/70R17 for full-size pickups.',
      'Its open shoulder blocks bite in mud and gravel and stay quiet on the highway.',
      'The tread carries the three-peak mountain snowflake mark.',
    ],
    availableQuantity: 120,
    minimumOrderQuantity: 1,
  },
  {
    name: "Nitrile Mechanic's Gloves, Box of 100",
    image: '/images/tools/mechanic-gloves.svg',
    priceCents: 1599,
    description: [
      'Box of 100 disposable nitrile gloves, 6 mil thick, in size large.',
      'The textured fingertips hold wet bolts and oily tools.',
      'They stand up to oil, fuel and most shop solvents.',
    ],
    availableQuantity: 400,
    minimumOrderQuantity: 2,
  },
  {
    name: 'Slotted Front Brake Rotor',
    image: '/images/tools/brake-rotor.svg',
    priceCents: 6999,
    description: [
      'Slotted and vented front brake rotor, sold singly, for compact sedans and hatchbacks.',
      'The curved slots sweep away gas and dust so the brakes keep their bite.',
      'A black e-coat keeps the hat and vanes from rusting.',
    ],
    availableQuantity: 120,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Heavy-Duty Front Brake Rotor for Trucks',
    image: '/images/tools/brake-rotor.svg',
    priceCents: 10999,
    description: [
      'Thick vented front rotor for full-size trucks, sold singly.',
      'Its high-carbon casting soaks up the heat of towing and long descents.',
      'Each rotor is balanced and machined flat, ready to fit out of the box.',
    ],
    availableQuantity: 80,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Ceramic Rear Brake Pad Set',
    image: '/images/tools/brake-pad-set.svg',
    priceCents: 3999,
    description: [
      'Ceramic brake pads for the rear axle of compact and midsize sedans.',
      'The quiet compound leaves little dust on the wheels.',
      'Shims and abutment clips come in the box.',
    ],
    availableQuantity: 300,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Remanufactured Front Brake Caliper',
    image: '/images/tools/brake-caliper.svg',
    priceCents: 5999,
    description: [
      'Remanufactured front brake caliper with new seals, boots and bleeder screw.',
      'Every caliper is tested under load before it leaves the bench.',
      'Send your old caliper back and the core charge is refunded.',
    ],
    availableQuantity: 60,
    minimumOrderQuantity: 1,
  },
  {
    name: 'Remanufactured Alternator, 130 Amp',
    image: '/images/tools/alternator.svg',
    priceCents: 17999,
    description: [
      'Remanufactured 130-amp alternator with a new regulator, bearings and brushes.',
      'It is load tested to its full rated output before it ships.',
      'Send your old alternator back and the core charge is refunded.',
    ],
    availableQuantity: 40,
    minimumOrderQuantity: 1,
  },
];

export const seedReviews: SeedReview[] = [
  {
    comment:
      'Ordered a torque wrench on Monday and it was on my bench by Wednesday. Packed well and calibrated right out of the box.',
    commenter: 'Marcus Delgado',
    ratings: 5,
  },
  {
    comment: 'The brake pads fit my car exactly as listed and the hardware kit was a nice bonus.',
    commenter: 'Hannah Whitaker',
    ratings: 5,
  },
  {
    comment:
      'Good prices on tires and the shipping was free, although delivery took a couple of days longer than promised.',
    commenter: 'Tomasz Nowak',
    ratings: 4,
  },
  {
    comment:
      'Customer service helped me pick the right LED bulbs for an older truck. Very patient and knowledgeable staff.',
    commenter: 'Priya Raman',
    ratings: 5,
  },
  {
    comment: 'The socket set is solid for the money, but one of the case latches arrived slightly bent.',
    commenter: 'Derek Holloway',
    ratings: 3,
  },
  {
    comment:
      'Bought four alloy wheels and every one arrived without a scratch. The tracking updates were spot on.',
    commenter: 'Sofia Marchetti',
    ratings: 5,
  },
  {
    comment: 'The OBD-II scanner found my loose gas cap code in seconds and saved me a trip to the dealer.',
    commenter: "Kevin O'Brien",
    ratings: 4,
  },
  {
    comment: 'Easy checkout and a clear confirmation email. My floor jack came double-boxed on a pallet.',
    commenter: 'Aisha Bello',
    ratings: 4,
  },
  {
    comment: 'A wrong size was sent at first, but the exchange was handled quickly and without any fuss.',
    commenter: 'Lucas Fernandez',
    ratings: 4,
  },
  {
    comment:
      'I have ordered shop supplies here for a year now and the quality has been consistent every time.',
    commenter: 'Grace Kimura',
    ratings: 5,
  },
];
