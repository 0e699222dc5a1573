/** The partner token the GODROID server's demo seed stores (DEMO_PARTNER_TOKEN, playwright.config.ts). */
export const PARTNER_TOKEN = 'gd_e2e-partner-token-0123456789abcdef0123456789';
