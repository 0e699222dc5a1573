import type { DeliveryArea } from '@riderdesk/domain/delivery-area';

// A vendor as the vendors module hands it to other modules (pricing, orders, vouchers): they receive it
// from `VendorService` and never read the repository themselves (decision 034).

/** A vendor (a parent or one of its collection points) with its address, payment methods and area. */
export interface VendorRow {
  vendor_id: string;
  parent_vendor_id: string | null;
  client_vendor_id: string | null;
  name: string;
  is_parent: boolean;
  is_active: boolean;
  is_registered: boolean;
  /** A new collection point waiting for its activation job (decision 055). */
  is_pending: boolean;
  /** A guest's own vendor (docs/decisions/080-guest-sessions.md). */
  is_guest: boolean;
  registration_code: string | null;
  contact_email: string | null;
  vat_number: string | null;
  currency: string;
  phone: string | null;
  owners: string[];
  address_text: string | null;
  building: string | null;
  city: string | null;
  country_code: string;
  latitude: number | null;
  longitude: number | null;
  postal_code: string | null;
  street: string | null;
  street_number: string | null;
  unit: string | null;
  rider_instructions: string | null;
  payment_methods: Record<string, boolean>;
  estimation_pick_up_time: number | null;
  login_pickup_estimation: number | null;
  delivery_area: DeliveryArea | null;
  /** Every order of the vendor asks the customer for a handover PIN at the door (decision 175). */
  handover_pin_required: boolean;
  /** Minutes a cash order waits for its customer to confirm before a rider is sent; null: none (decision 175). */
  cash_confirmation_minutes: number | null;
}
