import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import type { Db } from '../../../db/db.ts';

// The proof photos of an order's pickup and delivery (`order_proofs`).

export async function saveProof(
  tx: Db,
  proof: { orderId: string; kind: ProofKind; contentType: string; bytes: Buffer; riderId: string | null; at: Date },
): Promise<void> {
  // Bytes travel as base64 text: the Db surface takes text parameters on both engines.
  await tx.query(
    `insert into order_proofs (order_id, kind, content_type, bytes, rider_id, created_at)
     values ($1, $2, $3, decode($4, 'base64'), $5, $6)
     on conflict (order_id, kind) do update
       set content_type = excluded.content_type, bytes = excluded.bytes, rider_id = excluded.rider_id,
           created_at = excluded.created_at`,
    [proof.orderId, proof.kind, proof.contentType, proof.bytes.toString('base64'), proof.riderId, proof.at],
  );
}

export async function findProofOfVendors(
  db: Db,
  orderId: string,
  kind: ProofKind,
  vendorIds: readonly string[],
): Promise<{ content_type: string; bytes: Buffer } | null> {
  const [row] = await db.query<{ content_type: string; data: string }>(
    `select p.content_type, encode(p.bytes, 'base64') as data
       from order_proofs p join orders o on o.order_id = p.order_id
      where p.order_id = $1 and p.kind = $2 and o.vendor_id = any($3::text[])`,
    [orderId, kind, vendorIds],
  );
  return row ? { content_type: row.content_type, bytes: Buffer.from(row.data, 'base64') } : null;
}

export async function hasProof(db: Db, orderId: string, kind: ProofKind): Promise<boolean> {
  const rows = await db.query('select 1 from order_proofs where order_id = $1 and kind = $2', [orderId, kind]);
  return rows.length > 0;
}
