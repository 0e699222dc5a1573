// Places demo orders through the API so the tracking screen has something to show.
// Usage: npx tsx apps/web/scripts/place-demo-orders.mjs [baseUrl] [count]
// (tsx, because the order body is the shared TypeScript factory of testing/order-body.ts.)
import { orderCreateBody } from '../../../testing/order-body.ts';
import { base, demoAuthorization } from './screenshot-kit.mjs';

const count = Number(process.argv[3] ?? 4);

const authorization = await demoAuthorization();
const headers = { 'content-type': 'application/json', authorization };

const vendorId = 'pk-karachi-grill-clifton';
const source = { lat: 24.8021, lon: 67.03 };
const customers = [
  {
    name: 'Ayesha Khan',
    phone: '+923001234567',
    lat: 24.8138,
    lon: 67.0402,
    address: 'House 14, Street 3, Clifton Block 2',
  },
  {
    name: 'Bilal Ahmed',
    phone: '+923211234567',
    lat: 24.8205,
    lon: 67.0249,
    address: 'Flat 7, Sea View Apartments, Do Talwar',
  },
  {
    name: 'Fatima Siddiqui',
    phone: '+923331234567',
    lat: 24.7932,
    lon: 67.0451,
    address: 'Plot 22, Khayaban-e-Ittehad, DHA Phase 5',
  },
  {
    name: 'Usman Raza',
    phone: '+923451234567',
    lat: 24.8251,
    lon: 67.0336,
    address: 'Shop 3, Boat Basin, Block 5 Clifton',
  },
  {
    name: 'Hina Baig',
    phone: '+923121234567',
    lat: 24.8069,
    lon: 67.0515,
    address: 'House 5, Zamzama Lane 4, DHA Phase 5',
  },
];

for (let index = 0; index < count; index++) {
  const customer = customers[index % customers.length];
  const destination = { lat: customer.lat, lon: customer.lon };
  const fee = await fetch(`${base}/api/v1/delivery/fee`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ source, destination, vendor_id: vendorId, delivery_type: 'food' }),
  }).then((answer) => answer.json());
  const order = await fetch(`${base}/api/v1/order`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(
      orderCreateBody({
        vendorId,
        quote: fee.result,
        destination: { lat: customer.lat, lng: customer.lon },
        customer: { name: customer.name, phone: customer.phone, address: customer.address },
        order: { amount: 1200 + index * 350, description: 'Chicken biryani and raita' },
      }),
    ),
  }).then((answer) => answer.json());
  console.log(JSON.stringify(order));
}
