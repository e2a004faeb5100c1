import { z } from 'zod';
import { ErrorBodySchema, IdParamSchema, successEnvelope } from './api';
import { CurrencySchema } from './base-schemas';
import { defineContract } from './contract';
import {
  CreatePaymentBody,
  DownloadSchema,
  LineRefundPreviewSchema,
  LineRefundSchema,
  MarkPaidBody,
  PayLinkParamsSchema,
  PayLinkPayBody,
  PayLinkSchema,
  PaymentAlertSchema,
  PaymentMethodsQuery,
  PaymentMethodsSchema,
  PaymentQrSchema,
  PaymentStartSchema,
  PaypalInvoiceSchema,
  PaypalRequestBody,
  RefundLinesBody,
  ReissuedDownloadSchema,
  SendPaypalInvoiceBody,
} from './payments';
import { paymentsRouteTable } from './payments.routes';

/** An order's payment attempt with the provider events it received, as the admin's order page shows them. */
const OrderPaymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: CurrencySchema,
  reference: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
  /** The PayPal invoice link the owner mailed by hand; other providers' URLs stay private. */
  invoiceUrl: z.string().nullable(),
  createdAt: z.string(),
  events: z.array(
    z.object({ type: z.string(), outcome: z.string(), createdAt: z.string(), amount: z.number().optional() }),
  ),
});

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

export const paymentsContract = defineContract('payments', paymentsRouteTable, {
  create: {
    summary:
      "Start paying an order: the provider's page (or SBP's QR link on a computer) in the way to pay chosen, or instructions (cash, bank transfer)",
    body: CreatePaymentBody,
    response: { 200: successEnvelope(PaymentStartSchema), ...errors, 502: ErrorBodySchema },
  },
  methods: {
    summary:
      'Payment methods this shop accepts now: the online ways to pay (only those that can take `amount` in `currency` when given), how PayPal invoices are made',
    query: PaymentMethodsQuery,
    response: { 200: successEnvelope(PaymentMethodsSchema), 400: ErrorBodySchema },
  },
  payLink: {
    summary:
      "A payment link (mailed, valid for days): the order's number, lines and amount, without signing in; 404 unknown, 409 paid or cancelled, 410 expired",
    params: PayLinkParamsSchema,
    response: {
      200: successEnvelope(PayLinkSchema),
      404: ErrorBodySchema,
      409: ErrorBodySchema,
      410: ErrorBodySchema,
      429: ErrorBodySchema,
    },
  },
  payLinkPay: {
    summary:
      "Pay by a payment link: a fresh payment of that order in the way chosen (the provider's page, or SBP's QR link on a computer), as the checkout's",
    params: PayLinkParamsSchema,
    body: PayLinkPayBody,
    response: {
      200: successEnvelope(PaymentStartSchema),
      400: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
      410: ErrorBodySchema,
      429: ErrorBodySchema,
      502: ErrorBodySchema,
    },
  },
  paypalRequest: {
    summary:
      'Ask for a PayPal invoice for an EUR/USD order: sent by PayPal to the given email (API), or by the shop by hand (manual)',
    body: PaypalRequestBody,
    response: { 200: successEnvelope(PaymentStartSchema), ...errors, 502: ErrorBodySchema },
  },
  orders: {
    summary: 'Where the payment of one of my orders stands',
    params: IdParamSchema,
    response: {
      200: successEnvelope(
        z.object({
          number: z.number(),
          status: z.string(),
          paymentState: z.string(),
          paymentMethod: z.string(),
          instructions: z.string().nullable(),
          /** PayPal without the API: the invoice the shop sends by hand, once requested. */
          paypalInvoice: PaypalInvoiceSchema.nullable(),
          /** An open SBP payment shown as a QR code on our page (a computer). */
          qr: PaymentQrSchema.nullable(),
          /** The order's payment link (site path) while it works and the order waits for payment. */
          payLink: z.string().nullable(),
        }),
      ),
      ...errors,
    },
  },
  adminOrdersMarkPaid: {
    summary: 'Admin: confirm a cash, bank transfer or PayPal-invoice order as paid, with the payment reference',
    params: IdParamSchema,
    body: MarkPaidBody,
    response: { 200: successEnvelope(z.object({ paymentId: z.string() })), ...errors },
  },
  adminOrdersPaypalInvoice: {
    summary: "Admin: mail the customer the link of a PayPal invoice made by hand (to the account's address)",
    params: IdParamSchema,
    body: SendPaypalInvoiceBody,
    response: {
      200: successEnvelope(z.object({ paymentId: z.string(), mailedTo: z.string().nullable() })),
      ...errors,
    },
  },
  adminOrdersRefund: {
    summary:
      'Admin: refund the whole card payment of a cancelled order through YooKassa, with its refund receipt when receipts are on',
    params: IdParamSchema,
    response: {
      200: successEnvelope(z.object({ refundId: z.string(), status: z.string() })),
      ...errors,
      502: ErrorBodySchema,
    },
  },
  adminOrdersRefundLines: {
    summary:
      'Admin: refund chosen units of chosen lines of a paid order through its provider (what the customer paid for them after discounts; delivery is not refunded by line), with the refund receipt of those lines when receipts are on',
    params: IdParamSchema,
    body: RefundLinesBody,
    response: { 200: successEnvelope(LineRefundSchema), ...errors, 502: ErrorBodySchema },
  },
  adminOrdersRefundLinesPreview: {
    summary:
      'Admin: what refunding chosen units of chosen lines would give back now, nothing written: the same checks and errors as the refund itself',
    params: IdParamSchema,
    body: RefundLinesBody,
    response: { 200: successEnvelope(LineRefundPreviewSchema), ...errors },
  },
  adminPaymentAlerts: {
    summary: 'Admin: payment notifications that need a look (a cancelled or paid order, a wrong amount)',
    query: z.object({ all: z.enum(['true', 'false']).default('false') }),
    response: { 200: successEnvelope(z.array(PaymentAlertSchema)), ...errors },
  },
  adminPaymentAlertsResolve: {
    summary: 'Admin: mark a payment alert resolved',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.object({ id: z.string() })), ...errors },
  },
  adminOrdersPayments: {
    summary: 'Admin: payment attempts and provider events of an order',
    params: IdParamSchema,
    response: { 200: successEnvelope(z.array(OrderPaymentSchema)), ...errors },
  },
  downloads: {
    summary: 'Download a purchased digital book (link from the mail; expires, limited uses)',
    params: z.object({ token: z.string().min(1).max(300) }),
  },
  userDownloads: {
    summary: 'My digital books and their links',
    response: { 200: successEnvelope(z.array(DownloadSchema)), ...errors },
  },
  userDownloadsReissue: {
    summary: 'A new link for one of my digital books (mailed too); the old link stops working',
    params: IdParamSchema,
    response: { 200: successEnvelope(ReissuedDownloadSchema), ...errors },
  },
});
