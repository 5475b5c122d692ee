import { and, desc, eq } from 'drizzle-orm';
import {
  CERTIFICATE_FILE_TYPES,
  type TradeApplication,
  type TradeApplicationDecision,
  TradeApplicationInput,
  type TradeApplicationStatus,
  tradeApplicationMessages,
} from '../../../contract/trade';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { isUniqueViolation, roleFromColumn, tradeAccounts, tradeApplications, user } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { type Outbox, publish } from '../../kernel/outbox';
import { saveTradeAccount } from './trade-accounts';

/**
 * Trade applications (decision 101): a customer asks for trade terms, a manager decides. Approval
 * opens the trade account (its price list, and the certificate the shop gave when kept) in the
 * decision's transaction, through the one writer of trade accounts; either way the decision is
 * audited and the shop is mailed (`trade.application_decided`, the mail's subscriber reads the
 * row as it then is).
 */

const columns = {
  id: tradeApplications.id,
  userId: tradeApplications.userId,
  customerName: user.name,
  customerEmail: user.email,
  businessName: tradeApplications.businessName,
  taxId: tradeApplications.taxId,
  certificateNumber: tradeApplications.certificateNumber,
  certificateStates: tradeApplications.certificateStates,
  certificateExpiresOn: tradeApplications.certificateExpiresOn,
  certificateFileType: tradeApplications.certificateFileType,
  note: tradeApplications.note,
  status: tradeApplications.status,
  decisionNote: tradeApplications.decisionNote,
  createdAt: tradeApplications.createdAt,
  decidedAt: tradeApplications.decidedAt,
};
type Row = Awaited<ReturnType<ReturnType<typeof read>['execute']>>[number];
const shown = (r: Row): TradeApplication => ({
  id: r.id,
  userId: r.userId,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  businessName: r.businessName,
  taxId: r.taxId,
  certificate:
    r.certificateNumber && r.certificateExpiresOn
      ? { number: r.certificateNumber, states: r.certificateStates, expiresOn: r.certificateExpiresOn }
      : null,
  hasCertificateFile: r.certificateFileType !== null,
  note: r.note,
  status: r.status,
  decisionNote: r.decisionNote,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

const read = (db: Db | Tx) =>
  db.select(columns).from(tradeApplications).innerJoin(user, eq(user.id, tradeApplications.userId));

/** POST /account/trade-application: the signed-in customer's application, pending until decided. */
export async function applyForTrade(
  db: Db,
  userId: string,
  raw: TradeApplicationInput,
): Promise<TradeApplication> {
  const input = TradeApplicationInput.parse(raw);
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
      if (!account) throw notFound('User');
      if (roleFromColumn(account.role) !== 'customer')
        throw new AppError('CONFLICT', tradeApplicationMessages.staff);
      const [trade] = await tx
        .select({ userId: tradeAccounts.userId })
        .from(tradeAccounts)
        .where(eq(tradeAccounts.userId, userId));
      if (trade) throw new AppError('CONFLICT', tradeApplicationMessages.tradeAlready);
      const [row] = await tx
        .insert(tradeApplications)
        .values({
          userId,
          businessName: input.businessName,
          taxId: input.taxId,
          certificateNumber: input.certificate?.number ?? null,
          certificateStates: input.certificate ? [...new Set(input.certificate.states)] : [],
          certificateExpiresOn: input.certificate?.expiresOn ?? null,
          note: input.note || null,
        })
        .returning({ id: tradeApplications.id });
      if (!row) throw new Error('application not written');
      return one(tx, row.id);
    });
  } catch (error) {
    // One pending application per account, held by a unique index however many tabs send it.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', tradeApplicationMessages.pendingAlready);
    throw error;
  }
}

/** One application as its pages and its mail show it. */
export const tradeApplicationById = (db: Db, id: string) => one(db, id);

async function one(db: Db | Tx, id: string): Promise<TradeApplication> {
  const [row] = await read(db).where(eq(tradeApplications.id, id));
  if (!row) throw notFound('Application');
  return shown(row);
}

/** The certificate's scan for the customer's pending application (a PDF, PNG or JPEG). */
export async function attachCertificate(
  db: Db,
  userId: string,
  bytes: Buffer,
  type: string,
): Promise<TradeApplication> {
  const kind = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(CERTIFICATE_FILE_TYPES as readonly string[]).includes(kind) || !looksLike(kind, bytes))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', tradeApplicationMessages.fileType);
  const [row] = await db
    .update(tradeApplications)
    .set({ certificateFile: bytes, certificateFileType: kind })
    .where(and(eq(tradeApplications.userId, userId), eq(tradeApplications.status, 'pending')))
    .returning({ id: tradeApplications.id });
  if (!row) throw new AppError('CONFLICT', tradeApplicationMessages.noApplication);
  return one(db, row.id);
}

/** A file is what it says by its first bytes, not by the header the browser sent. */
function looksLike(kind: string, bytes: Buffer): boolean {
  if (kind === 'application/pdf') return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (kind === 'image/png')
    return bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** GET /account/trade-application: the customer's latest application. */
export async function myTradeApplication(db: Db, userId: string): Promise<TradeApplication | null> {
  const [row] = await read(db)
    .where(eq(tradeApplications.userId, userId))
    .orderBy(desc(tradeApplications.createdAt))
    .limit(1);
  return row ? shown(row) : null;
}

/** GET /trade-applications: pending ones first come first, or those of one status (the latest 200). */
export async function listTradeApplications(
  db: Db,
  status?: TradeApplicationStatus,
): Promise<TradeApplication[]> {
  const rows = await read(db)
    .where(status ? eq(tradeApplications.status, status) : undefined)
    .orderBy(status === 'pending' ? tradeApplications.createdAt : desc(tradeApplications.createdAt))
    .limit(200);
  return rows.map(shown);
}

/** GET /trade-applications/:id/certificate: the scan, for managers only. */
export async function certificateFileOf(db: Db, id: string): Promise<{ bytes: Buffer; type: string }> {
  const [row] = await db
    .select({ bytes: tradeApplications.certificateFile, type: tradeApplications.certificateFileType })
    .from(tradeApplications)
    .where(eq(tradeApplications.id, id));
  if (!row?.bytes || !row.type) throw notFound('Certificate');
  return { bytes: row.bytes, type: row.type };
}

/** POST /trade-applications/:id/decision: approved into a trade account, or refused with a reason. */
export async function decideTradeApplication(
  db: Db,
  outbox: Outbox,
  id: string,
  actorUserId: string,
  decision: TradeApplicationDecision,
): Promise<TradeApplication> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(tradeApplications).where(eq(tradeApplications.id, id)).for('update');
    if (!row) throw notFound('Application');
    if (row.status !== 'pending') throw new AppError('CONFLICT', tradeApplicationMessages.decided);
    const status = decision.approve ? 'approved' : 'refused';
    if (decision.approve) {
      const keep = decision.keepCertificate !== false && row.certificateNumber && row.certificateExpiresOn;
      await saveTradeAccount(tx as unknown as Db, row.userId, {
        priceList: decision.priceList,
        certificate: keep
          ? {
              number: row.certificateNumber as string,
              states: row.certificateStates,
              expiresOn: row.certificateExpiresOn as string,
            }
          : null,
        ...(decision.groupId ? { groupId: decision.groupId } : {}),
      });
    }
    await tx
      .update(tradeApplications)
      .set({
        status,
        decisionNote: decision.approve ? null : decision.reason,
        decidedBy: actorUserId,
        decidedAt: new Date(),
      })
      .where(eq(tradeApplications.id, id));
    await recordAudit(tx, {
      action: `trade.application_${status}`,
      subjectType: 'account',
      subjectId: row.userId,
      before: { application: id, businessName: row.businessName, status: row.status },
      after: decision.approve
        ? { application: id, status, priceList: decision.priceList }
        : { application: id, status, reason: decision.reason },
    });
    await publish(tx, outbox, 'trade.application_decided', `trade-application-decided:${id}`, {
      applicationId: id,
    });
    return one(tx, id);
  });
}
