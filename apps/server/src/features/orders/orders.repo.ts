import type { AdminOrdersQuery, OrderCarrier, OrderStatus, PaymentState, Reservation } from '@atelier/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orderStatusEvents, orders, users } from '../../db/schema';
import { escapeLike } from '../../platform/sql-text';
import type { ExpiryCutoffs } from './orders.rules';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderRow = Omit<NewOrder, 'id' | 'number' | 'status' | 'paymentState' | 'createdAt' | 'updatedAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId' | 'id'>;
export interface PlacedPlan {
  order: NewOrderRow;
  items: NewOrderItem[];
  /** One per product, sorted by id (aggregateReservations). */
  reservations: Reservation[];
  /** RUB minor units. */
  total: number;
  /** Refuse the insert when the customer already has this many pending orders; null = no limit. */
  maxOpenUnpaid: number | null;
}

type Json = Record<string, unknown>;
const date = (value: unknown) => new Date(String(value));

function orderFromJson(o: Json): OrderRow {
  return {
    id: o.id as string,
    number: o.number as number,
    userId: o.user_id as string | null,
    status: o.status as OrderRow['status'],
    customer: o.customer as OrderRow['customer'],
    delivery: o.delivery as OrderRow['delivery'],
    paymentMethod: o.payment_method as OrderRow['paymentMethod'],
    paymentState: o.payment_state as OrderRow['paymentState'],
    currency: o.currency as OrderRow['currency'],
    exchangeSnapshot: o.exchange_snapshot as OrderRow['exchangeSnapshot'],
    subtotalRub: o.subtotal_rub as number,
    discountRub: o.discount_rub as number,
    deliveryCostRub: o.delivery_cost_rub as number,
    trackingCarrier: (o.tracking_carrier ?? null) as OrderRow['trackingCarrier'],
    trackingNumber: (o.tracking_number ?? null) as string | null,
    totalRub: o.total_rub as number,
    totalInCurrency: o.total_in_currency as number | null,
    promoCodeId: o.promo_code_id as string | null,
    giftCertificateMinor: (o.gift_certificate_minor ?? 0) as number,
    giftCertificateRub: (o.gift_certificate_rub ?? 0) as number,
    comment: o.comment as string | null,
    language: o.language as OrderRow['language'],
    holdsScarce: o.holds_scarce === true,
    payLinkUntil: o.pay_link_until ? date(o.pay_link_until) : null,
    paymentHoldUntil: o.payment_hold_until ? date(o.payment_hold_until) : null,
    createdAt: date(o.created_at),
    updatedAt: date(o.updated_at),
  };
}

function itemFromJson(i: Json): OrderItemRow {
  return {
    id: i.id as string,
    orderId: i.order_id as string,
    type: i.type as OrderItemRow['type'],
    productId: i.product_id as string | null,
    lessonId: i.lesson_id as string | null,
    courseId: i.course_id as string | null,
    bookFormat: i.book_format as OrderItemRow['bookFormat'],
    variantId: (i.variant_id ?? null) as string | null,
    name: i.name as OrderItemRow['name'],
    unitPriceRub: i.unit_price_rub as number,
    unitPriceInCurrency: (i.unit_price_in_currency ?? null) as number | null,
    quantity: i.quantity as number,
    reservedQuantity: i.reserved_quantity as number,
    deferredQuantity: (i.deferred_quantity ?? 0) as number,
    refundedQuantity: (i.refunded_quantity ?? 0) as number,
    refundedMinor: (i.refunded_minor ?? 0) as number,
  };
}
export interface StatusEventRow {
  fromStatus: string | null;
  toStatus: string;
  createdAt: Date;
  note: string | null;
  actorId: string | null;
  actorName: string | null;
  actorRole: 'admin' | 'user' | null;
}

type Q = Db | Tx;

/** Orders and their lines, status history and payment state; every function runs on `q`. */
/** The admin orders list's filters (status, created-at dates in UTC, search), shared by the list and its CSV export. */
function adminFilter(query: Omit<AdminOrdersQuery, 'page' | 'limit'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00.000Z`)));
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.createdAt, end));
  }
  if (query.search) {
    const text = query.search.replace(/^#/, '');
    const pattern = `%${escapeLike(text)}%`;
    conditions.push(
      or(
        /^\d{1,9}$/.test(text) ? eq(orders.number, Number(text)) : undefined,
        ilike(sql`${orders.customer}->>'email'`, pattern),
        ilike(sql`(${orders.customer}->>'firstName') || ' ' || (${orders.customer}->>'lastName')`, pattern),
        ilike(sql`${orders.customer}->>'phone'`, pattern),
      ),
    );
  }
  return and(...conditions);
}

/**
 * Unpaid orders whose deadline meets `test`, a condition on created_at for one of the four holds:
 * online or offline payment, scarce (it took the last units or seat) or not.
 */
function dueBy(test: (key: Exclude<keyof ExpiryCutoffs, 'at'>) => SQL | undefined): SQL | undefined {
  const online = inArray(orders.paymentMethod, ['card', 'paypal']);
  const offline = inArray(orders.paymentMethod, ['cash', 'bank_transfer']);
  const scarce = eq(orders.holdsScarce, true);
  const plenty = eq(orders.holdsScarce, false);
  return or(
    and(online, plenty, test('online')),
    and(offline, plenty, test('offline')),
    and(online, scarce, test('onlineScarce')),
    and(offline, scarce, test('offlineScarce')),
  );
}

export const ordersRepo = {
  /**
   * The order, its lines and its first history entry (pending, by the customer) in ONE statement
   * (data-modifying CTEs): atomic on its own, one round trip to the database.
   */
  async insertPlaced(q: Q, plan: PlacedPlan): Promise<{ row: OrderRow; items: OrderItemRow[] } | null> {
    const o = plan.order;
    const items = plan.items.map((item) => ({
      type: item.type,
      product_id: item.productId ?? null,
      lesson_id: item.lessonId ?? null,
      course_id: item.courseId ?? null,
      book_format: item.bookFormat ?? null,
      variant_id: item.variantId ?? null,
      name: item.name,
      unit_price_rub: item.unitPriceRub,
      unit_price_in_currency: item.unitPriceInCurrency ?? null,
      quantity: item.quantity,
      reserved_quantity: item.reservedQuantity ?? 0,
      deferred_quantity: item.deferredQuantity ?? 0,
    }));
    const result = await q.execute(sql`
      with o as (
        insert into orders (user_id, customer, delivery, payment_method, currency, exchange_snapshot, subtotal_rub,
          discount_rub, delivery_cost_rub, total_rub, total_in_currency, promo_code_id, gift_certificate_minor,
          gift_certificate_rub, comment, language, holds_scarce)
        select ${o.userId ?? null}::uuid, ${JSON.stringify(o.customer)}::jsonb, ${JSON.stringify(o.delivery)}::jsonb,
          ${o.paymentMethod}, ${o.currency ?? 'RUB'}, ${JSON.stringify(o.exchangeSnapshot ?? {})}::jsonb, ${o.subtotalRub}::integer,
          ${o.discountRub ?? 0}::integer, ${o.deliveryCostRub ?? 0}::integer, ${o.totalRub}::integer, ${o.totalInCurrency ?? null}::integer,
          ${o.promoCodeId ?? null}::uuid, ${o.giftCertificateMinor ?? 0}::integer, ${o.giftCertificateRub ?? 0}::integer,
          ${o.comment ?? null}::text, ${o.language ?? 'ru'}, ${o.holdsScarce ?? false}::boolean
        ${
          // Counted in this statement's snapshot, taken after the caller locked the user (lockUser),
          // so two checkouts of one customer cannot both pass the limit.
          plan.maxOpenUnpaid === null
            ? sql``
            : sql`where (select count(*) from orders x where x.user_id = ${o.userId ?? null}
                and x.status = 'pending') < ${plan.maxOpenUnpaid}`
        }
        returning *
      ), i as (
        insert into order_items (order_id, type, product_id, lesson_id, course_id, book_format, variant_id, name,
          unit_price_rub, unit_price_in_currency, quantity, reserved_quantity, deferred_quantity)
        select o.id, x.type, x.product_id, x.lesson_id, x.course_id, x.book_format, x.variant_id, x.name, x.unit_price_rub,
          x.unit_price_in_currency, x.quantity, x.reserved_quantity, x.deferred_quantity
        from o, jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(type text, product_id uuid, lesson_id uuid,
          course_id uuid, book_format text, variant_id uuid, name jsonb, unit_price_rub integer, unit_price_in_currency integer, quantity integer,
          reserved_quantity integer, deferred_quantity integer)
        returning *
      ), e as (
        insert into order_status_events (order_id, from_status, to_status, actor_user_id, created_at)
        select o.id, null, 'pending', o.user_id, clock_timestamp() from o
      )
      select (select row_to_json(o) from o) as "order", (select json_agg(i order by i.id) from i) as "items"
    `);
    const rows = (result as unknown as { rows: { order: Json | string | null; items: Json[] | string }[] }).rows;
    const first = rows[0]!;
    if (first.order === null) return null;
    const order = typeof first.order === 'string' ? (JSON.parse(first.order) as Json) : first.order;
    const list = typeof first.items === 'string' ? (JSON.parse(first.items) as Json[]) : first.items;
    return { row: orderFromJson(order), items: list.map(itemFromJson) };
  },

  async findByNumber(q: Q, number: number): Promise<OrderRow | null> {
    const [row] = await q.select().from(orders).where(eq(orders.number, number)).limit(1);
    return row ?? null;
  },

  async find(q: Q, id: string, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
    const query = q.select().from(orders).where(eq(orders.id, id)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async setTracking(
    q: Q,
    id: string,
    tracking: { carrier: OrderCarrier; number: string | null } | null,
  ): Promise<void> {
    await q
      .update(orders)
      .set({
        trackingCarrier: tracking?.carrier ?? null,
        trackingNumber: tracking?.number ?? null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id));
  },

  /**
   * Serialises one customer's checkouts for the rest of the transaction (the open-orders limit).
   * FOR NO KEY UPDATE: it does not block the key-share locks of rows inserted referencing the user.
   */
  async lockUser(q: Q, userId: string): Promise<void> {
    await q.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  /** The address order mails go to: the account's email once verified; null = send nothing. */
  async recipient(q: Q, userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const [row] = await q
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))
      .limit(1);
    return row?.email ?? null;
  },

  /**
   * Claims one unpaid order past its deadline for the caller's transaction, or null. SKIP LOCKED:
   * a sweeper in another instance working on an order makes this one take the next; an order
   * cancelled or paid meanwhile no longer matches when its lock is granted, so it is expired once.
   */
  async claimExpired(tx: Tx, cutoffs: ExpiryCutoffs, skip: string[]): Promise<string | null> {
    // created_at has microseconds, the deadline shown to the customer (from the row read in JS)
    // milliseconds: "created at or before the cutoff, to the millisecond" is `< cutoff + 1 ms`.
    const before = (cutoff: Date) => lt(orders.createdAt, new Date(cutoff.getTime() + 1));
    const cut = (key: Exclude<keyof ExpiryCutoffs, 'at'>) => before(cutoffs[key]);
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          ne(orders.paymentState, 'paid'),
          or(
            and(
              dueBy(cut),
              // A payment link still working keeps the order (docs/decisions/0083).
              or(isNull(orders.payLinkUntil), lt(orders.payLinkUntil, new Date(cutoffs.at.getTime() + 1))),
            ),
            // Beyond the unpaid-hold caps, the hold its first payment started ends it (0096).
            lt(orders.paymentHoldUntil, new Date(cutoffs.at.getTime() + 1)),
          ),
          skip.length > 0 ? notInArray(orders.id, skip) : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    return row?.id ?? null;
  },

  /**
   * Unpaid orders whose hold ends within (now, now + window]: created after `cutoffs.now` (not yet
   * due) and at or before `cutoffs.soon` (due within the window), oldest first.
   */
  async expiringBetween(q: Q, now: ExpiryCutoffs, soon: ExpiryCutoffs, limit: number): Promise<OrderRow[]> {
    type Key = Exclude<keyof ExpiryCutoffs, 'at'>;
    const afterNow = (key: Key) => gte(orders.createdAt, new Date(now[key].getTime() + 1));
    const bySoon = (key: Key) => lt(orders.createdAt, new Date(soon[key].getTime() + 1));
    const link = orders.payLinkUntil;
    // The deadline is the later of the hold and the payment link: both over by `soon`, one not yet by `now`.
    return q
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          ne(orders.paymentState, 'paid'),
          dueBy(bySoon),
          or(isNull(link), lt(link, new Date(soon.at.getTime() + 1))),
          or(dueBy(afterNow), gte(link, new Date(now.at.getTime() + 1))),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(limit);
  },

  /** The row locked for the rest of the transaction (status changes serialise on it). */
  async lock(q: Q, id: string): Promise<OrderRow | null> {
    const [row] = await q.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    return row ?? null;
  },

  async setStatus(q: Q, id: string, status: OrderStatus, paymentState?: PaymentState): Promise<OrderRow> {
    const [row] = await q
      .update(orders)
      .set({ status, updatedAt: new Date(), ...(paymentState ? { paymentState } : {}) })
      .where(eq(orders.id, id))
      .returning();
    return row!;
  },

  /**
   * The accounts that share `userId`'s mailbox (emailLimitKey: `a+1@x` and `a@x` are one), the
   * account itself included. The SQL only narrows the candidates (same domain, same local part up to
   * a `+` once dots are ignored); the key decides.
   */
  async mailboxOf(q: Q, userId: string, keyOf: (email: string) => string): Promise<{ key: string; userIds: string[] }> {
    const [self] = await q.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!self?.email) return { key: `account:${userId}`, userIds: [userId] };
    const key = keyOf(self.email);
    const at = key.lastIndexOf('@');
    const local = key.slice(0, at).replace(/\./g, '');
    const domain = key.slice(at + 1);
    const domains = domain === 'gmail.com' ? ['gmail.com', 'googlemail.com'] : [domain];
    const candidates = await q
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        or(
          eq(users.id, userId),
          and(
            inArray(sql`rtrim(lower(split_part(${users.email}, '@', 2)), '.')`, domains),
            eq(sql`replace(split_part(split_part(lower(${users.email}), '@', 1), '+', 1), '.', '')`, local),
          ),
        ),
      );
    const ids = candidates
      .filter((row) => row.id === userId || (row.email && keyOf(row.email) === key))
      .map((row) => row.id);
    return { key, userIds: [...new Set(ids)] };
  },

  /**
   * Serialises, for the rest of the transaction, the checkouts of every account of one mailbox (the
   * unpaid-hold caps are theirs together; each account's own row lock does not cover the others).
   */
  async lockMailbox(q: Q, mailboxKey: string): Promise<void> {
    await q.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`unpaid-hold:${mailboxKey}`}, 0))`);
  },

  /**
   * What the unpaid (pending, not paid) orders of these accounts hold: counted units per product
   * (what they took from the stock) and their amount still due, RUB minor units.
   */
  async unpaidHolds(q: Q, userIds: string[]): Promise<{ units: Map<string, number>; dueRub: number }> {
    if (userIds.length === 0) return { units: new Map(), dueRub: 0 };
    const open = and(inArray(orders.userId, userIds), eq(orders.status, 'pending'), ne(orders.paymentState, 'paid'));
    const [units, [due]] = await Promise.all([
      q
        .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.reservedQuantity})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(open, isNotNull(orderItems.productId), sql`${orderItems.reservedQuantity} > 0`))
        .groupBy(orderItems.productId),
      q
        .select({ due: sql<number>`coalesce(sum(${orders.totalRub} - ${orders.giftCertificateRub}), 0)::bigint` })
        .from(orders)
        .where(open),
    ]);
    return {
      units: new Map(units.flatMap((row) => (row.productId ? [[row.productId, Number(row.units)] as const] : []))),
      dueRub: Number(due?.due ?? 0),
    };
  },

  /** Moves a line's deferred units into what it holds (they were just taken from the stock). */
  async takeDeferred(q: Q, lineId: string): Promise<void> {
    await q
      .update(orderItems)
      .set({
        reservedQuantity: sql`${orderItems.reservedQuantity} + ${orderItems.deferredQuantity}`,
        deferredQuantity: 0,
      })
      .where(eq(orderItems.id, lineId));
  },

  async setPaymentHoldUntil(q: Q, id: string, until: Date): Promise<void> {
    await q.update(orders).set({ paymentHoldUntil: until, updatedAt: new Date() }).where(eq(orders.id, id));
  },

  async setPayLinkUntil(q: Q, id: string, until: Date): Promise<void> {
    await q.update(orders).set({ payLinkUntil: until, updatedAt: new Date() }).where(eq(orders.id, id));
  },

  async setPaymentState(q: Q, id: string, paymentState: PaymentState): Promise<boolean> {
    const rows = await q
      .update(orders)
      .set({ paymentState, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning({ id: orders.id });
    return rows.length > 0;
  },

  async addEvent(
    q: Q,
    event: {
      orderId: string;
      from: OrderStatus | null;
      to: OrderStatus;
      actorUserId: string | null;
      note?: string | null;
    },
  ): Promise<void> {
    await q.insert(orderStatusEvents).values({
      orderId: event.orderId,
      fromStatus: event.from,
      toStatus: event.to,
      actorUserId: event.actorUserId,
      note: event.note ?? null,
      // The wall clock, not the transaction start (now()): two changes in one transaction, such
      // as pending → confirmed of a zero total, keep their order in the history.
      createdAt: sql`clock_timestamp()`,
    });
  },

  async items(q: Q, orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return q.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
  },

  /**
   * Counts `quantity` more (or, negative, fewer) units of a line as refunded, with their amount;
   * only while that many are left (never below zero): false when not, nothing changed.
   */
  async addRefunded(
    q: Q,
    orderId: string,
    line: { lineId: string; quantity: number; amountMinor: number },
  ): Promise<boolean> {
    const rows = await q
      .update(orderItems)
      .set({
        refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}`,
        refundedMinor: sql`${orderItems.refundedMinor} + ${line.amountMinor}`,
      })
      .where(
        and(
          eq(orderItems.id, line.lineId),
          eq(orderItems.orderId, orderId),
          sql`${orderItems.refundedQuantity} + ${line.quantity} between 0 and ${orderItems.quantity}`,
        ),
      )
      .returning({ id: orderItems.id });
    return rows.length === 1;
  },

  /** Takes `quantity` units off what a line holds of its product's stock; the units actually taken off. */
  async releaseReserved(q: Q, lineId: string, quantity: number): Promise<number> {
    const [row] = await q
      .select({ reserved: orderItems.reservedQuantity })
      .from(orderItems)
      .where(eq(orderItems.id, lineId))
      .for('update');
    const back = Math.min(row?.reserved ?? 0, quantity);
    if (back > 0) {
      await q
        .update(orderItems)
        .set({ reservedQuantity: sql`${orderItems.reservedQuantity} - ${back}` })
        .where(eq(orderItems.id, lineId));
    }
    return back;
  },

  async history(q: Q, orderId: string): Promise<StatusEventRow[]> {
    return q
      .select({
        fromStatus: orderStatusEvents.fromStatus,
        toStatus: orderStatusEvents.toStatus,
        createdAt: orderStatusEvents.createdAt,
        note: orderStatusEvents.note,
        actorId: users.id,
        actorName: users.name,
        actorRole: users.role,
      })
      .from(orderStatusEvents)
      .leftJoin(users, eq(users.id, orderStatusEvents.actorUserId))
      .where(eq(orderStatusEvents.orderId, orderId))
      .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
  },

  async listForUser(
    q: Q,
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const where = eq(orders.userId, userId);
    const [rows, [totals]] = await Promise.all([
      q
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(page.limit)
        .offset(page.offset),
      q.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  },

  async listAdmin(q: Q, query: AdminOrdersQuery): Promise<{ rows: OrderRow[]; total: number }> {
    const where = adminFilter(query);
    const [rows, [totals]] = await Promise.all([
      q
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      q.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  },

  /** Every order matching the admin list's filters, newest first, up to `cap` (the CSV export). */
  async listAdminAll(q: Q, query: Omit<AdminOrdersQuery, 'page' | 'limit'>, cap: number): Promise<OrderRow[]> {
    return q
      .select()
      .from(orders)
      .where(adminFilter(query))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(cap);
  },
};
