// spec §1: one deployment is fixed to one country; country, languages, payment method,
// brand and environment must be supported or the application refuses to start.

import { hasFeeFormula } from './money.ts';

export const ENVIRONMENTS = ['san', 'stg', 'prd'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** spec §1: the application modes, chosen at start-up. */
export const APP_MODES = ['CLASSIC', 'GODROID', 'GUEST'] as const;
export type AppMode = (typeof APP_MODES)[number];

export const DEFAULT_PAYMENT_METHODS = ['CASH_ON_DELIVERY', 'PAID', 'PAYMENT_ON_DELIVERY', 'NONE'] as const;
export type DefaultPaymentMethod = (typeof DEFAULT_PAYMENT_METHODS)[number];

/** Languages the product ships translations for; a country offers a subset. */
export const SUPPORTED_LANGUAGES = ['en', 'ur_alt'] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

export const RTL_LANGUAGES: readonly string[] = ['ur', 'ur_alt', 'ar', 'ar_alt', 'fa', 'he'];
export const isRtlLanguage = (language: string): boolean => RTL_LANGUAGES.includes(language);

export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  ur_alt: 'اردو',
};

/** The BCP 47 tag of a product language code ('ur_alt' is Urdu in its alternative script style). */
export const languageTag = (code: string): string => code.split('_')[0] ?? code;

const namesFound = new Map<string, string>();

/**
 * A language's name in that language (spec §2 language selector): the shipped name for a shipped language,
 * otherwise the platform's Intl.DisplayNames (whose first use loads the locale's data, tens of milliseconds
 * on a slow phone), kept once found.
 */
export function languageName(code: string): string {
  if (Object.hasOwn(LANGUAGE_NAMES, code)) return LANGUAGE_NAMES[code as LanguageCode];
  const found = namesFound.get(code);
  if (found) return found;
  const tag = languageTag(code);
  let name = code;
  try {
    const displayed = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag);
    if (displayed) name = displayed.charAt(0).toLocaleUpperCase(tag) + displayed.slice(1);
  } catch {
    // An unknown tag, or a platform without display names.
  }
  namesFound.set(code, name);
  return name;
}

/**
 * spec §1: the external links (partner sign-up, privacy, API documentation, delivery-service info) are
 * configured per brand and country; one that is not configured is not shown.
 */
export interface CountryLinks {
  partnerSignUp: string | null;
  privacy: string | null;
  apiDocumentation: string | null;
  deliveryServiceInfo: string | null;
}

/** The setting that configures each link of the deployment's brand and country. */
export const LINK_SETTINGS = {
  partnerSignUp: 'LINK_PARTNER_SIGN_UP',
  privacy: 'LINK_PRIVACY',
  apiDocumentation: 'LINK_API_DOCUMENTATION',
  deliveryServiceInfo: 'LINK_DELIVERY_SERVICE_INFO',
} as const satisfies Record<keyof CountryLinks, string>;

export interface Country {
  code: string;
  name: string;
  currency: string;
  phonePrefix: string;
  timeZone: string;
  languages: readonly string[];
  defaultLanguage: string;
  defaultPaymentMethod: DefaultPaymentMethod;
  /** Language passed to the geocoder (spec §7). */
  geolocatorLanguage: string;
  /** Map centre used before an outlet is known. */
  mapCentre: { latitude: number; longitude: number };
}

export const COUNTRIES = {
  PK: {
    code: 'PK',
    name: 'Pakistan',
    currency: 'PKR',
    phonePrefix: '+92',
    timeZone: 'Asia/Karachi',
    languages: ['en', 'ur_alt'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'CASH_ON_DELIVERY',
    geolocatorLanguage: 'en',
    mapCentre: { latitude: 24.8607, longitude: 67.0011 },
  },
  SG: {
    code: 'SG',
    name: 'Singapore',
    currency: 'SGD',
    phonePrefix: '+65',
    timeZone: 'Asia/Singapore',
    languages: ['en'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'PAID',
    geolocatorLanguage: 'en',
    mapCentre: { latitude: 1.3521, longitude: 103.8198 },
  },
  MY: {
    code: 'MY',
    name: 'Malaysia',
    currency: 'MYR',
    phonePrefix: '+60',
    timeZone: 'Asia/Kuala_Lumpur',
    languages: ['en'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'CASH_ON_DELIVERY',
    geolocatorLanguage: 'en',
    mapCentre: { latitude: 3.139, longitude: 101.6869 },
  },
  TH: {
    code: 'TH',
    name: 'Thailand',
    currency: 'THB',
    phonePrefix: '+66',
    timeZone: 'Asia/Bangkok',
    languages: ['en'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'CASH_ON_DELIVERY',
    geolocatorLanguage: 'th_TH',
    mapCentre: { latitude: 13.7563, longitude: 100.5018 },
  },
  TW: {
    code: 'TW',
    name: 'Taiwan',
    currency: 'TWD',
    phonePrefix: '+886',
    timeZone: 'Asia/Taipei',
    languages: ['en'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'CASH_ON_DELIVERY',
    geolocatorLanguage: 'tw',
    mapCentre: { latitude: 25.033, longitude: 121.5654 },
  },
  HK: {
    code: 'HK',
    name: 'Hong Kong',
    currency: 'HKD',
    phonePrefix: '+852',
    timeZone: 'Asia/Hong_Kong',
    languages: ['en'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'PAID',
    geolocatorLanguage: 'zh_HK',
    mapCentre: { latitude: 22.3193, longitude: 114.1694 },
  },
  BD: {
    code: 'BD',
    name: 'Bangladesh',
    currency: 'BDT',
    phonePrefix: '+880',
    timeZone: 'Asia/Dhaka',
    languages: ['en'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'CASH_ON_DELIVERY',
    geolocatorLanguage: 'en',
    mapCentre: { latitude: 23.8103, longitude: 90.4125 },
  },
  KW: {
    code: 'KW',
    name: 'Kuwait',
    currency: 'KWD',
    phonePrefix: '+965',
    timeZone: 'Asia/Kuwait',
    languages: ['en'],
    defaultLanguage: 'en',
    defaultPaymentMethod: 'PAID',
    geolocatorLanguage: 'en',
    mapCentre: { latitude: 29.3759, longitude: 47.9774 },
  },
} as const satisfies Record<string, Country>;

export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];

export interface Brand {
  id: string;
  /** Name of the delivery service shown to users (spec §1). */
  serviceName: string;
  primaryColor: string;
  /** Countries the brand may be deployed in; null means any. */
  countries: readonly CountryCode[] | null;
  /** spec §2: this variant links its own terms page instead of the PDF download; the terms text stays beside it. */
  termsUrl: string | null;
}

export const BRANDS = {
  riderdesk: { id: 'riderdesk', serviceName: 'Riderdesk', primaryColor: 'pink', countries: null, termsUrl: null },
  swiftdrop: { id: 'swiftdrop', serviceName: 'Swiftdrop', primaryColor: 'orange', countries: null, termsUrl: null },
  parcelpal: { id: 'parcelpal', serviceName: 'Parcelpal', primaryColor: 'teal', countries: null, termsUrl: null },
  quickrun: { id: 'quickrun', serviceName: 'Quickrun', primaryColor: 'red', countries: null, termsUrl: null },
  citycourier: {
    id: 'citycourier',
    serviceName: 'City Courier',
    primaryColor: 'blue',
    countries: null,
    termsUrl: null,
  },
  dashgo: { id: 'dashgo', serviceName: 'Dashgo', primaryColor: 'grape', countries: null, termsUrl: null },
  routely: { id: 'routely', serviceName: 'Routely', primaryColor: 'indigo', countries: null, termsUrl: null },
  // spec §1: the eighth variant is used only in one South-East Asian country.
  kedai: {
    id: 'kedai',
    serviceName: 'Kedai Express',
    primaryColor: 'green',
    countries: ['MY'],
    termsUrl: 'https://kedaiexpress.com.my/terms',
  },
} as const satisfies Record<string, Brand>;

export type BrandId = keyof typeof BRANDS;
export const BRAND_IDS = Object.keys(BRANDS) as BrandId[];

export interface Deployment {
  country: Country;
  brand: Brand;
  languages: readonly string[];
  defaultLanguage: string;
  defaultPaymentMethod: DefaultPaymentMethod;
  environment: Environment;
  links: CountryLinks;
}

export interface DeploymentInput {
  country?: string | undefined;
  languages?: string | readonly string[] | undefined;
  defaultPaymentMethod?: string | undefined;
  brand?: string | undefined;
  environment?: string | undefined;
  /** The brand's links in this country; each must be an https URL, and an unset one is not shown. */
  links?: Partial<Record<keyof CountryLinks, string | undefined>>;
}

export type DeploymentResult = { ok: true; deployment: Deployment } | { ok: false; problems: string[] };

/**
 * Resolves and checks a deployment. Every problem is reported at once so an operator
 * can fix the configuration in one go.
 */
export function resolveDeployment(input: DeploymentInput): DeploymentResult {
  const problems: string[] = [];
  const countryCode = (input.country ?? 'PK').toUpperCase();
  const country: Country | undefined = (COUNTRIES as Record<string, Country>)[countryCode];
  if (!country) {
    problems.push(`COUNTRY "${countryCode}" is not supported (supported: ${COUNTRY_CODES.join(', ')})`);
  } else if (!hasFeeFormula(country.code)) {
    // A country without a fee formula answers CannotComputePrice to every order, so it must not start.
    problems.push(
      `COUNTRY "${countryCode}" has no delivery pricing (priced: ${COUNTRY_CODES.filter(hasFeeFormula).join(', ')})`,
    );
  }

  const requested =
    input.languages === undefined || input.languages === ''
      ? (country?.languages ?? [])
      : typeof input.languages === 'string'
        ? input.languages
            .split(',')
            .map((l) => l.trim())
            .filter(Boolean)
        : input.languages;
  const languages: string[] = [];
  for (const language of requested) {
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language)) {
      problems.push(
        `LANGUAGES contains "${language}", which has no translations (supported: ${SUPPORTED_LANGUAGES.join(', ')})`,
      );
    } else if (country && !country.languages.includes(language)) {
      problems.push(
        `LANGUAGES contains "${language}", which ${country.name} does not offer (${country.languages.join(', ')})`,
      );
    } else {
      languages.push(language);
    }
  }
  if (requested.length === 0) problems.push('LANGUAGES must name at least one language');

  const paymentMethod = input.defaultPaymentMethod ?? country?.defaultPaymentMethod ?? 'CASH_ON_DELIVERY';
  if (!(DEFAULT_PAYMENT_METHODS as readonly string[]).includes(paymentMethod)) {
    problems.push(
      `DEFAULT_PAYMENT_METHOD "${paymentMethod}" is not supported (supported: ${DEFAULT_PAYMENT_METHODS.join(', ')})`,
    );
  }

  const brandId = input.brand ?? 'riderdesk';
  const brand: Brand | undefined = (BRANDS as Record<string, Brand>)[brandId];
  if (!brand) {
    problems.push(`BRAND "${brandId}" is not supported (supported: ${BRAND_IDS.join(', ')})`);
  } else if (brand.countries && country && !brand.countries.includes(country.code as CountryCode)) {
    problems.push(`BRAND "${brandId}" is only deployed in ${brand.countries.join(', ')}, not ${country.code}`);
  }

  const environment = input.environment ?? 'san';
  if (!(ENVIRONMENTS as readonly string[]).includes(environment)) {
    problems.push(`ENVIRONMENT "${environment}" is not supported (supported: ${ENVIRONMENTS.join(', ')})`);
  }

  const links: CountryLinks = { partnerSignUp: null, privacy: null, apiDocumentation: null, deliveryServiceInfo: null };
  for (const key of Object.keys(LINK_SETTINGS) as (keyof CountryLinks)[]) {
    const value = input.links?.[key]?.trim();
    if (!value) continue;
    if (isHttpsUrl(value)) links[key] = value;
    else problems.push(`${LINK_SETTINGS[key]} "${value}" must be an https URL`);
  }

  if (problems.length > 0 || !country || !brand) return { ok: false, problems };
  const defaultLanguage = languages.includes(country.defaultLanguage)
    ? country.defaultLanguage
    : (languages[0] as string);
  return {
    ok: true,
    deployment: {
      country,
      brand,
      languages,
      defaultLanguage,
      defaultPaymentMethod: paymentMethod as DefaultPaymentMethod,
      environment: environment as Environment,
      links,
    },
  };
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** spec §4: the language falls back to the default when unsupported. */
export function pickLanguage(
  wanted: string | null | undefined,
  deployment: Pick<Deployment, 'languages' | 'defaultLanguage'>,
): string {
  return wanted && deployment.languages.includes(wanted) ? wanted : deployment.defaultLanguage;
}
