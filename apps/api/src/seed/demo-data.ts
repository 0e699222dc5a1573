import type { DeliveryArea } from '@riderdesk/domain/delivery-area';
import type { NewVoucher } from '../modules/vouchers/repo.ts';

/** The demo of a fresh database (ARCHITECTURE.md): a Karachi restaurant group, a standalone shop, a fleet. */
export const DEMO_PARENT_ID = 'pk-karachi-grill';
export const DEMO_STANDALONE_ID = 'pk-chai-khana';
export const DEMO_STANDALONE_EMAIL = 'owner@chaikhana.pk';

export const DEMO_PAYMENT_METHODS = { CASH_ON_DELIVERY: true, PAID: true, ONLINE_PAYMENT: true };
export const DEMO_DELIVERY_AREA: DeliveryArea = { type: 'radius', radius_km: 8 };

export const DEMO_OUTLETS = [
  {
    vendor_id: 'pk-karachi-grill-clifton',
    name: 'Karachi Grill House — Clifton',
    address_text: 'Shop 12, Block 5, Clifton, near Dolmen Mall',
    street: 'Khayaban-e-Roomi',
    postal_code: '75600',
    latitude: 24.8021,
    longitude: 67.03,
    phone: '+922135871234',
    owners: ['clifton@karachigrill.pk'],
  },
  {
    vendor_id: 'pk-karachi-grill-dha6',
    name: 'Karachi Grill House — DHA Phase 6',
    address_text: '24-C, Bukhari Commercial Lane 3, DHA Phase 6',
    street: 'Bukhari Commercial Lane 3',
    postal_code: '75500',
    latitude: 24.796,
    longitude: 67.0645,
    phone: '+922135244567',
    owners: ['dha@karachigrill.pk'],
  },
  {
    vendor_id: 'pk-karachi-grill-gulshan',
    name: 'Karachi Grill House — Gulshan-e-Iqbal',
    address_text: 'Plot SB-7, Block 13-C, Gulshan-e-Iqbal, near Maskan Chowrangi',
    street: 'University Road',
    postal_code: '75300',
    latitude: 24.918,
    longitude: 67.0971,
    phone: '+922134987654',
    owners: ['gulshan@karachigrill.pk'],
  },
  {
    vendor_id: 'pk-karachi-grill-tariq-road',
    name: 'Karachi Grill House — Tariq Road',
    address_text: '112-A, Tariq Road, Block 2, PECHS',
    street: 'Tariq Road',
    postal_code: '75400',
    latitude: 24.8721,
    longitude: 67.0599,
    phone: '+922134551122',
    owners: ['tariqroad@karachigrill.pk'],
  },
] as const;

/** GeoJSON order [lng, lat]: central Karachi from Saddar and PECHS to Gulshan-e-Iqbal, drawn around the
 * Tariq Road outlet to show a polygon area next to the radius areas of the other outlets. */
export const DEMO_POLYGON_AREA = {
  vendorId: 'pk-karachi-grill-tariq-road',
  area: {
    type: 'polygon',
    coordinates: [
      [67.0, 24.845],
      [67.035, 24.83],
      [67.09, 24.845],
      [67.11, 24.9],
      [67.085, 24.935],
      [67.03, 24.925],
      [67.005, 24.89],
    ],
  } satisfies DeliveryArea,
};

/** The simulated fleet: name, phone, where each rider waits. */
export const DEMO_RIDERS: readonly [string, string, number, number][] = [
  ['Imran Qureshi', '+923001234501', 24.8138, 67.0297],
  ['Bilal Ahmed', '+923001234502', 24.8007, 67.0612],
  ['Faisal Khan', '+923001234503', 24.9204, 67.0932],
  ['Usman Siddiqui', '+923001234504', 24.8705, 67.0623],
  ['Kamran Ali', '+923001234505', 24.8607, 67.0011],
  ['Asad Mehmood', '+923001234506', 24.8934, 67.0281],
  ['Zeeshan Raza', '+923001234507', 24.8268, 67.0335],
  ['Hamza Sheikh', '+923001234508', 24.9056, 67.0822],
  ['Nadeem Baig', '+923001234509', 24.8455, 67.0712],
  ['Shahid Malik', '+923001234510', 24.8822, 67.0468],
];

/** Vouchers of the three spec §3 amount types and an expired one, in the deployment's currency. */
export function demoVouchers(currency: string): NewVoucher[] {
  return [
    { code: 'WELCOME50', type: 'amount', value: 50, currency, description: `${currency} 50 off the delivery fee` },
    { code: 'RIDE20', type: 'percentage', value: 20, currency, description: '20% off the delivery fee' },
    { code: 'FREEDEL', type: 'deliveryFee', value: 0, currency, description: 'Free delivery' },
    {
      code: 'SUMMER24',
      type: 'amount',
      value: 30,
      currency,
      description: 'Summer 2024 promotion',
      valid_until: new Date('2024-09-30T18:59:59Z'),
    },
  ];
}
