import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AdminNotifications } from '../../../contract/inbox';
import type { Db } from '../../kernel/db';
import { adminNotificationSettings, STAFF_COLUMN_VALUES, user } from '../../kernel/db';

/**
 * Each admin's notification e-mails, in `admin_notification_settings` (this module's table). An
 * admin without a row gets every notification: a new admin hears about orders until they say no.
 */

export type NotificationKind = 'newOrder' | 'newMessage' | 'lowStockDigest';

/** Without a row: orders and messages on; the low-stock digest only for admins who ask. */
const DEFAULTS: AdminNotifications = {
  emailOnNewOrder: true,
  emailOnNewMessage: true,
  emailLowStockDigest: false,
};

export async function getNotifications(db: Db, userId: string): Promise<AdminNotifications> {
  const [row] = await db
    .select({
      emailOnNewOrder: adminNotificationSettings.emailOnNewOrder,
      emailOnNewMessage: adminNotificationSettings.emailOnNewMessage,
      emailLowStockDigest: adminNotificationSettings.emailLowStockDigest,
    })
    .from(adminNotificationSettings)
    .where(eq(adminNotificationSettings.userId, userId));
  return row ?? DEFAULTS;
}

export async function setNotifications(
  db: Db,
  userId: string,
  settings: AdminNotifications,
): Promise<AdminNotifications> {
  const given = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  await db
    .insert(adminNotificationSettings)
    .values({ userId, ...given })
    .onConflictDoUpdate({
      target: adminNotificationSettings.userId,
      set: { ...given, updatedAt: sql`now()` },
    });
  return getNotifications(db, userId);
}

/** The admins (not banned) who want this kind of notification, read when the mail is written. */
export async function adminsToNotify(
  db: Db,
  kind: NotificationKind,
): Promise<Array<{ id: string; name: string; email: string; role: string | null }>> {
  const wants = {
    newOrder: adminNotificationSettings.emailOnNewOrder,
    newMessage: adminNotificationSettings.emailOnNewMessage,
    lowStockDigest: adminNotificationSettings.emailLowStockDigest,
  }[kind];
  // Orders and messages are on without a row; the digest needs an admin's yes.
  const chosen =
    kind === 'lowStockDigest'
      ? eq(wants, true)
      : or(isNull(adminNotificationSettings.userId), eq(wants, true));
  return db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .leftJoin(adminNotificationSettings, eq(adminNotificationSettings.userId, user.id))
    .where(
      and(
        inArray(user.role, [...STAFF_COLUMN_VALUES]),
        or(isNull(user.banned), ne(user.banned, true)),
        chosen,
      ),
    )
    .orderBy(user.id);
}
