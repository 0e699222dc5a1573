/**
 * The country parameters (spec §7) and the vendor lookup the console's Platform settings need (decision 183),
 * with the caller's handle.
 */
export { findVendor, getCountryParameter, setCountryParameter } from './repo.ts';
