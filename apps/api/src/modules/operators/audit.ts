import { AUDIT_ACTION_PATTERN, AUDIT_TARGET_TYPE_PATTERN } from '@riderdesk/domain/console/audit';
import type { Db } from '../../db/db.ts';
import type { AuditEntryInput } from './model.ts';
import * as repo from './repo.ts';

/**
 * Writes an entry of the console's audit log (decision 170). Call it with the transaction handle of the change
 * it describes, inside that transaction: the entry commits with the change, or neither does. A module's console
 * workflow does its change and this in one transaction; nothing else writes the log.
 */
export async function recordAudit(tx: Db, entry: AuditEntryInput): Promise<void> {
  // A misnamed action or target type is a programming error: it would not be found by the log's search.
  if (!AUDIT_ACTION_PATTERN.test(entry.action)) throw new Error(`audit action ${entry.action} is not <type>.<verb>`);
  if (!AUDIT_TARGET_TYPE_PATTERN.test(entry.target.type)) {
    throw new Error(`audit target type ${entry.target.type} is not kebab case`);
  }
  await repo.insertAuditEntry(tx, entry);
}
