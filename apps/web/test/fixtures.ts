import type { PublicConfig } from '@riderdesk/domain/contracts/deployment';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';

export const testConfig: PublicConfig = {
  country: {
    code: 'PK',
    name: 'Pakistan',
    currency: 'PKR',
    phonePrefix: '+92',
    timeZone: 'Asia/Karachi',
    mapCentre: { latitude: 24.86, longitude: 67.0 },
    links: {
      partnerSignUp: 'https://riderdesk.pk/partners',
      privacy: 'https://riderdesk.pk/privacy',
      apiDocumentation: 'https://riderdesk.pk/developers',
      deliveryServiceInfo: 'https://riderdesk.pk/delivery',
    },
  },
  brand: { id: 'riderdesk', serviceName: 'Riderdesk', primaryColor: 'pink', termsUrl: null },
  languages: ['en', 'ur_alt'],
  defaultLanguage: 'en',
  defaultPaymentMethod: 'CASH_ON_DELIVERY',
  environment: 'san',
  mode: 'CLASSIC',
  mapTileUrl: null,
  helpCentreUrl: '/help-centre',
  flagProviders: [],
  hasDevOutbox: false,
};

export function makeVendor(overrides: Partial<Vendor> & Pick<Vendor, 'vendor_id' | 'name'>): Vendor {
  return {
    parent_vendor_id: null,
    client_vendor_id: null,
    is_parent: false,
    is_active: true,
    is_registered: true,
    is_pending: false,
    vendor_information: {
      name: overrides.name,
      currency: 'PKR',
      owners: [],
      contact: { phone: '+923001234567' },
      location: {
        address_text: 'Shahrah-e-Faisal',
        building: null,
        city: 'Karachi',
        country_code: 'PK',
        latitude: 24.86,
        longitude: 67.05,
        postal_code: null,
        street: null,
        street_number: null,
        unit: null,
        rider_instructions: null,
      },
    },
    flags: { payment_methods: { CASH_ON_DELIVERY: true } },
    estimation_pick_up_time: null,
    login_pickup_estimation: null,
    delivery_area: null,
    ...overrides,
  };
}

/** A session whose tokens expire in an hour, so no refresh happens during a test. */
export function validSession(nowSeconds = Date.now() / 1000) {
  return {
    user: { id: 'u-1', email: 'demo@riderdesk.pk' },
    meta: { AccessToken: 'access', IdToken: 'id', RefreshToken: 'refresh', Expires: Math.floor(nowSeconds + 3600) },
  };
}

/** A collection point with every field of its form saved (ID, label, address, unit, building, phone, notes, owner). */
export function makeCollectionPoint(): Vendor {
  const base = makeVendor({ vendor_id: 'kgh-clifton', name: 'Clifton Grill' }).vendor_information;
  return makeVendor({
    vendor_id: 'kgh-clifton',
    name: 'Clifton Grill',
    parent_vendor_id: 'kgh',
    client_vendor_id: 'KGH-CLIFTON',
    vendor_information: {
      ...base,
      owners: ['manager@kgh.pk'],
      contact: { phone: '+922135871234' },
      location: {
        ...base.location,
        address_text: 'Block 5, Clifton, Karachi',
        unit: 'Shop 3',
        building: 'Sea View Plaza',
        postal_code: '75600',
        street: 'Khayaban-e-Saadi',
        street_number: '12',
        rider_instructions: 'Back door',
        latitude: 24.82,
        longitude: 67.03,
      },
    },
  });
}
