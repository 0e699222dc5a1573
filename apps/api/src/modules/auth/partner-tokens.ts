/**
 * Partner (GODROID) tokens as the console issues, lists and revokes them (decisions 081 and 183), with the
 * caller's handle. Only a token's sha256 is stored; the auth plugin reads the row on every request.
 */
export {
  findPartnerToken,
  insertPartnerToken,
  listPartnerTokens,
  type PartnerTokenRow,
  revokePartnerToken,
} from './repo.ts';
