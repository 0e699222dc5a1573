import type { OrderCreateBody } from '@riderdesk/domain/contracts/orders';

export interface OrderBodyInput {
  vendorId: string;
  /** The signed quote POST /delivery/fee answered for this trip (decision 020). */
  quote: { fee: number; signature: string };
  destination: { lat: number; lng: number };
  customer?: { name?: string; phone?: string; address?: string; notes?: string };
  order?: { amount?: number; description?: string };
}

/**
 * A valid spec §3 order create body: cash on delivery, placed for now, to the quoted destination. The one
 * order body of the API tests, the end-to-end tests, the benchmarks and the demo scripts.
 */
export function orderCreateBody({ vendorId, quote, destination, customer = {}, order = {} }: OrderBodyInput) {
  return {
    vendor_id: vendorId,
    customer: {
      location: {
        latitude: destination.lat,
        longitude: destination.lng,
        address: customer.address ?? 'Flat 3, Sea Breeze Tower, Khayaban-e-Ittehad, DHA Phase 6',
        notes: customer.notes ?? 'Ring the bell twice',
      },
      phone_number: customer.phone ?? '+923001234567',
      name: customer.name ?? 'Ayesha Khan',
    },
    order: {
      payment_method: 'CASH_ON_DELIVERY',
      amount: order.amount ?? 1500,
      description: order.description ?? 'Two biryani boxes',
      cold_bag_needed: false,
    },
    vat_number: null,
    preordered_for: null,
    age_validation_required: false,
    login_pickup_estimation: 15,
    delivery_fee: quote.fee,
    signature: quote.signature,
  } satisfies OrderCreateBody;
}
