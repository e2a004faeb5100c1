/**
 * CDEK shipments (docs/decisions/0043): the admin registers a paid order with CDEK in one click,
 * prints its label, and the order follows the parcel.
 *
 *  - Register: one shipment row per order is claimed in a transaction (a second click finds it and
 *    gets the same shipment back; a call still under way is a 409), then `POST /v2/orders` is made
 *    outside it with the shop's order number, which CDEK keeps once. A try after a crash first
 *    looks the number up at CDEK, so a parcel is never registered twice.
 *  - Follow: CDEK's ORDER_STATUS webhook names an order; it is believed only for an order the
 *    shop registered, and even then only as a hint — what CDEK's `GET /v2/orders/{uuid}` says is
 *    applied. CDEK never retries a webhook, so a poller asks CDEK about every live shipment every
 *    CDEK_POLL_MINUTES too (claimed with SKIP LOCKED, so several instances share the work).
 *  - Apply: in one transaction with the shipment row locked, the new statuses are kept, the
 *    tracking number is set, and each step the parcel reached is taken once: on its way → the
 *    order is shipped (status mail with the tracking link), at the point → "collect it" mail,
 *    delivered → the order is delivered, not delivered → a mail.
 */
import {
  type CdekOrderPanel,
  type CdekShipment,
  type CdekStage,
  localize,
  type OrderCdekDelivery,
} from '@atelier/shared';
import type { CdekConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  type CdekClient,
  CdekError,
  type CdekOrderInfo,
  type CdekOrderRequest,
} from '../../platform/delivery/cdek-client';
import { AppError, Conflict, NotFound } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import { enqueueMail } from '../../platform/mail/outbox';
import type { OrderForCarrier } from '../orders/orders.schemas';
import type { OrdersService } from '../orders/orders.service';
import { parcelNotDeliveredMail, parcelReadyMail } from './cdek.mail';
import { cdekRepo as repo, type ShipmentRow } from './cdek.repo';
import { cdekOrderNumber, cdekPhone, currentStage, mergeStatuses, stepsTo } from './cdek.rules';
import type { CdekLog } from './cdek.service';

/** A registration left `registering` this long (an instance stopped mid-call) may be tried again. */
const STALE_REGISTERING_MS = 2 * 60_000;
/** A shipment CDEK has not made yet (no tracking number) is asked about this often. */
const AWAITING_NUMBER_POLL_MS = 60_000;
/** A webhook makes the shop ask CDEK at most this often per shipment. */
const WEBHOOK_MIN_GAP_MS = 10_000;

export interface CdekShipmentsDeps {
  db: Db;
  config: CdekConfig | null;
  client: CdekClient | null;
  orders: Pick<OrdersService, 'forCarrier' | 'advanceStatus' | 'setCarrierTracking'>;
  /** Where CDEK's webhooks go ({PUBLIC_URL}/api/cdek/webhook) and the "My orders" link of the mails. */
  publicUrl: string;
  log: CdekLog;
  now?: () => Date;
  /** Waits between the label's readiness checks (tests pass 0). */
  labelWaitMs?: number;
}

type Registrable = Pick<OrderForCarrier, 'status' | 'paymentState' | 'delivery'>;

/** Only a paid order going to a CDEK point, not cancelled nor already on its way, is registered. */
function registrable(order: Registrable): order is Registrable & { delivery: { cdek: OrderCdekDelivery } } {
  return (
    order.delivery.method === 'courier_pickup' &&
    order.delivery.cdek !== undefined &&
    order.paymentState === 'paid' &&
    (order.status === 'confirmed' || order.status === 'processing')
  );
}

function errorText(error: unknown): string {
  if (error instanceof CdekError && error.errors.length > 0) {
    return error.errors
      .map((e) => `${e.code}: ${e.message}`)
      .join('; ')
      .slice(0, 500);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

function toView(row: ShipmentRow): CdekShipment {
  return {
    state: row.state,
    cdekUuid: row.cdekUuid,
    cdekNumber: row.cdekNumber,
    stage: row.stage,
    statuses: row.statuses,
    shipmentPoint: row.shipmentPoint,
    error: row.error,
    labelAvailable: row.state === 'registered' && row.cdekUuid !== null && row.cdekNumber !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCdekShipments(deps: CdekShipmentsDeps) {
  const { db, config, client, orders, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const enabled = config !== null && client !== null;
  const publicUrl = siteLinks(deps.publicUrl).base;
  const webhookUrl = `${publicUrl}/api/cdek/webhook`;
  let subscribed = false;
  let receptionPoint: string | null = null;
  const lastWebhookFetch = new Map<string, number>();

  function need(): { config: CdekConfig; client: CdekClient } {
    if (!config || !client) throw new Conflict('cdekNotConfigured', undefined, 'CDEK_NOT_CONFIGURED');
    return { config, client };
  }

  /**
   * CDEK's ORDER_STATUS webhooks to this shop, subscribed once per process. Not on CDEK's test
   * environment: its account is shared by every integrator, and a subscription there would take
   * everyone's webhooks (CDEK's own advice); the poller follows the parcels there.
   */
  async function ensureWebhook(): Promise<void> {
    const { config, client } = need();
    if (subscribed || new URL(config.apiUrl).hostname === 'api.edu.cdek.ru') return;
    try {
      const hooks = await client.webhooks();
      if (!hooks.some((hook) => hook.type === 'ORDER_STATUS' && hook.url === webhookUrl)) {
        await client.subscribe('ORDER_STATUS', webhookUrl);
      }
      subscribed = true;
    } catch (error) {
      log.warn({ err: errorText(error) }, 'CDEK webhook subscription failed; the poller follows the parcels');
    }
  }

  /** CDEK_SHIPMENT_POINT, or the first office of the shop's city that takes parcels in. */
  async function shipmentPoint(): Promise<string> {
    const { config, client } = need();
    if (config.shipmentPoint) return config.shipmentPoint;
    if (receptionPoint) return receptionPoint;
    const offices = await client.receptionPoints(config.fromCityCode);
    const first = offices[0]?.code;
    if (!first) {
      throw new Error(
        `no CDEK office of city ${config.fromCityCode} takes parcels in; set CDEK_SHIPMENT_POINT to the office where you hand them over`,
      );
    }
    receptionPoint = first;
    return first;
  }

  /** The `POST /v2/orders` body: an online-store order from the shop's office to the customer's point. */
  function orderRequest(order: OrderForCarrier, cdek: OrderCdekDelivery, office: string): CdekOrderRequest {
    const units = order.goods.reduce((sum, g) => sum + g.quantity, 0) || 1;
    const unitWeight = Math.max(1, Math.floor(cdek.parcel.weightGrams / units));
    return {
      type: 1,
      number: cdekOrderNumber(order),
      tariff_code: cdek.tariffCode,
      comment: `Atelier #${order.number}`,
      shipment_point: office,
      delivery_point: cdek.pointCode,
      recipient: {
        name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
        email: order.customer.email,
        phones: [{ number: cdekPhone(order.customer.phone) }],
      },
      packages: [
        {
          number: '1',
          weight: cdek.parcel.weightGrams,
          length: cdek.parcel.lengthCm,
          width: cdek.parcel.widthCm,
          height: cdek.parcel.heightCm,
          items: order.goods.map((g) => ({
            name: localize(g.name, 'ru').slice(0, 255),
            ware_key: g.productId,
            // Paid in advance: nothing is collected from the customer at the point.
            payment: { value: 0 },
            cost: g.unitPriceRub / 100,
            weight: unitWeight,
            amount: g.quantity,
          })),
        },
      ],
    };
  }

  /**
   * Applies what CDEK says of a shipment, in one transaction with its row locked: the tracking
   * number, the statuses, and every step the parcel reached that was not taken yet (once each).
   */
  async function apply(shipmentId: string, info: CdekOrderInfo): Promise<ShipmentRow> {
    const { config } = need();
    return db.transaction(async (tx) => {
      const row = await repo.lock(tx, shipmentId);
      if (!row) throw new NotFound();
      const request = info.requests?.find((r) => r.type === 'CREATE') ?? info.requests?.[0];
      const number = info.entity?.cdek_number != null ? String(info.entity.cdek_number) : null;
      if (!number && request?.state === 'INVALID') {
        // CDEK refused the order after taking the request: it does not exist; the admin may try again.
        const message = (request.errors ?? []).map((e) => `${e.code}: ${e.message}`).join('; ') || 'INVALID';
        return repo.update(tx, row.id, { state: 'failed', error: message.slice(0, 500), cdekUuid: null });
      }
      const statuses = mergeStatuses(row.statuses, info.entity?.statuses ?? []);
      const stage = currentStage(statuses) ?? row.stage;
      const order = await orders.forCarrier(tx, row.orderId);
      const taken = [...row.appliedStages];
      if (order && order.status !== 'cancelled') {
        if (number && number !== row.cdekNumber) {
          await orders.setCarrierTracking(tx, order.id, { carrier: 'cdek', number });
        }
        for (const step of stepsTo(stage, taken)) {
          await takeStep(tx, order, step, number ?? row.cdekNumber);
          taken.push(step);
        }
      }
      const nextPoll = number ? config.pollIntervalMs : AWAITING_NUMBER_POLL_MS;
      return repo.update(tx, row.id, {
        cdekNumber: number ?? row.cdekNumber,
        statuses,
        stage,
        appliedStages: taken,
        error: null,
        nextPollAt: new Date(clock().getTime() + nextPoll),
      });
    });
  }

  /** One step of the parcel, taken inside the shipment's transaction. */
  async function takeStep(tx: Tx, order: OrderForCarrier, step: CdekStage, cdekNumber: string | null): Promise<void> {
    const note = `CDEK: ${step}`;
    const cdek = order.delivery.cdek;
    const mailInput = cdek
      ? {
          number: order.number,
          language: order.language,
          firstName: order.customer.firstName,
          cdekNumber,
          point: { type: cdek.pointType, address: cdek.address, workTime: cdek.workTime },
          orderUrl: `${publicUrl}/account/orders/${order.id}`,
        }
      : null;
    const mail = async (content: ReturnType<typeof parcelReadyMail>) => {
      if (order.recipientEmail) await enqueueMail(tx, { ...content, to: order.recipientEmail });
    };
    if (step === 'in_transit') {
      // Paid orders are confirmed, then processing once registered: walk them on to shipped.
      await orders.advanceStatus(tx, order.id, 'processing', note);
      await orders.advanceStatus(tx, order.id, 'shipped', note);
    } else if (step === 'ready_for_pickup' && mailInput) {
      await mail(parcelReadyMail(mailInput));
    } else if (step === 'delivered') {
      await orders.advanceStatus(tx, order.id, 'delivered', note);
    } else if (step === 'not_delivered' && mailInput) {
      await mail(parcelNotDeliveredMail(mailInput));
    }
  }

  /** Asks CDEK about one shipment and applies the answer. */
  async function refresh(row: ShipmentRow): Promise<ShipmentRow> {
    const { client } = need();
    if (!row.cdekUuid) return row;
    const info = await client.order(row.cdekUuid);
    return apply(row.id, info);
  }

  /** One poller pass: every live shipment that is due, one at a time. */
  async function pollDue(limit = 50): Promise<{ checked: number; failed: number }> {
    const result = { checked: 0, failed: 0 };
    if (!enabled) return result;
    const lease = config!.pollIntervalMs;
    for (let i = 0; i < limit; i += 1) {
      const row = await db.transaction((tx) => repo.claimDue(tx, clock(), lease));
      if (!row) break;
      try {
        await refresh(row);
        result.checked += 1;
      } catch (error) {
        result.failed += 1;
        log.warn({ orderId: row.orderId, err: errorText(error) }, 'CDEK status check failed');
      }
    }
    return result;
  }

  async function panel(orderId: string): Promise<CdekOrderPanel> {
    const order = await orders.forCarrier(db, orderId);
    if (!order) throw new NotFound();
    const row = await repo.byOrder(db, orderId);
    const retryable =
      !row ||
      row.state === 'failed' ||
      (row.state === 'registering' && row.updatedAt.getTime() < clock().getTime() - STALE_REGISTERING_MS);
    return { enabled, canRegister: enabled && registrable(order) && retryable, shipment: row ? toView(row) : null };
  }

  return {
    enabled,

    panel,

    /**
     * Admin: registers the order with CDEK. Twice → one CDEK order (the second gets the first's
     * shipment); 409 for an order that is not paid, not going to a CDEK point, or being registered.
     */
    async register(orderId: string): Promise<{ outcome: 'registered' | 'existing' | 'failed'; panel: CdekOrderPanel }> {
      const { client } = need();
      const claimed = await db.transaction(async (tx) => {
        const order = await orders.forCarrier(tx, orderId);
        if (!order) throw new NotFound();
        let row = await repo.insertRegistering(tx, orderId);
        if (!row) {
          row = (await repo.lockByOrder(tx, orderId))!;
          if (row.state === 'registered') return { existing: row };
          if (row.state === 'registering' && row.updatedAt.getTime() > clock().getTime() - STALE_REGISTERING_MS) {
            throw new Conflict('cdekRegistrationInProgress', undefined, 'CDEK_REGISTRATION_IN_PROGRESS');
          }
          row = await repo.update(tx, row.id, { state: 'registering', attempts: row.attempts + 1, error: null });
        }
        if (!registrable(order)) throw new Conflict('cdekNotRegistrable', undefined, 'CDEK_NOT_REGISTRABLE');
        return { row, order };
      });
      if ('existing' in claimed) return { outcome: 'existing', panel: await panel(orderId) };
      const { row, order } = claimed;
      const cdek = order.delivery.cdek as OrderCdekDelivery;

      let uuid: string | null = null;
      let office: string | null = null;
      let registered = false;
      try {
        await ensureWebhook();
        office = await shipmentPoint();
        // A try after a crash: CDEK may already have the order under the shop's number.
        if (row.attempts > 1) {
          const found = await client.orderByNumber(cdekOrderNumber(order));
          const refused = found?.requests?.some((r) => r.type === 'CREATE' && r.state === 'INVALID');
          if (found?.entity?.uuid && !refused) uuid = found.entity.uuid;
        }
        uuid ??= (await client.createOrder(orderRequest(order, cdek, office))).uuid;
        await repo.update(db, row.id, { cdekUuid: uuid, shipmentPoint: office });
        const info = await client.order(uuid);
        await db.transaction(async (tx) => {
          await repo.lock(tx, row.id);
          await repo.update(tx, row.id, { state: 'registered' });
          // Registered: the order is being prepared (the customer hears it is processing).
          await orders.advanceStatus(tx, orderId, 'processing', 'CDEK: registered');
        });
        registered = true;
        try {
          await apply(row.id, info);
        } catch (error) {
          // Registered all the same: the poller applies CDEK's answer on its next pass.
          log.warn({ orderId, err: errorText(error) }, 'CDEK answer not applied yet');
        }
        log.info({ orderId, cdekUuid: uuid }, 'order registered with CDEK');
        const after = await panel(orderId);
        return { outcome: after.shipment?.state === 'failed' ? 'failed' : 'registered', panel: after };
      } catch (error) {
        // Registered and committed: whatever failed after it does not undo the registration.
        if (registered) throw error;
        log.warn({ orderId, err: errorText(error) }, 'CDEK registration failed');
        await repo.update(db, row.id, {
          state: 'failed',
          error: errorText(error),
          ...(office ? { shipmentPoint: office } : {}),
          // An order CDEK made but whose answer was lost is found again by its number on the next try.
          cdekUuid: null,
        });
        if (error instanceof AppError) throw error;
        return { outcome: 'failed', panel: await panel(orderId) };
      }
    },

    /** Admin: the parcel's barcode label (PDF, A6) as CDEK makes it. */
    async label(orderId: string): Promise<{ pdf: Buffer; filename: string }> {
      const { client } = need();
      const row = await repo.byOrder(db, orderId);
      if (!row?.cdekUuid || row.state !== 'registered' || !row.cdekNumber) {
        throw new Conflict('cdekNotRegistered', undefined, 'CDEK_NOT_REGISTERED');
      }
      try {
        const form = await client.createBarcode(row.cdekUuid);
        for (let attempt = 0; attempt < 10; attempt += 1) {
          const state = await client.barcode(form);
          if (state.url) {
            return { pdf: await client.download(state.url), filename: `cdek-${row.cdekNumber}.pdf` };
          }
          if (state.failed) break;
          await delay(deps.labelWaitMs ?? 500);
        }
      } catch (error) {
        log.warn({ orderId, err: errorText(error) }, 'CDEK label failed');
      }
      throw new Conflict('cdekLabelNotReady', undefined, 'CDEK_LABEL_NOT_READY');
    },

    /**
     * `POST /api/cdek/webhook`: CDEK signs nothing, so the body is only a hint — an order the shop
     * did not register is ignored, and for one it did, CDEK is asked what is true.
     */
    async webhook(event: { type: string; uuid: string }): Promise<'applied' | 'ignored'> {
      if (!enabled || event.type !== 'ORDER_STATUS') return 'ignored';
      const row = await repo.byUuid(db, event.uuid);
      if (row?.state !== 'registered') return 'ignored';
      const now = clock().getTime();
      if ((lastWebhookFetch.get(row.id) ?? 0) > now - WEBHOOK_MIN_GAP_MS) {
        // Asked CDEK a moment ago: the poller looks again soon instead.
        await repo.update(db, row.id, { nextPollAt: new Date(now + WEBHOOK_MIN_GAP_MS) });
        return 'ignored';
      }
      lastWebhookFetch.set(row.id, now);
      if (lastWebhookFetch.size > 10_000) lastWebhookFetch.clear();
      try {
        await refresh(row);
        return 'applied';
      } catch (error) {
        log.warn({ orderId: row.orderId, err: errorText(error) }, 'CDEK status check after a webhook failed');
        return 'ignored';
      }
    },

    // ---- the poller (the `cdek.poll` job, every minute, jobs.ts; each pass asks only about shipments that are due)

    /** True when CDEK is configured, so there are parcels to follow. */
    polls: enabled,
    pollDue,
  };
}

export type CdekShipments = ReturnType<typeof createCdekShipments>;
