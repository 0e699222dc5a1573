/**
 * The stored flag values as the console's Platform settings read and write them (decision 183), each with the
 * caller's handle so a change and its audit entry share one transaction. Enforcing a flag goes through the
 * flag service (service.ts), which reads these on every call.
 */
export {
  type FlagScope,
  findFlags,
  findOverride,
  listOverrides,
  type OverrideRow,
  setFlag,
  setOverride,
} from './repo.ts';
