/**
 * Digital books: when an order is confirmed, each digital-book
 * line gets a download link (random token, stored as its sha256; expires after DOWNLOAD_LINK_DAYS;
 * at most DOWNLOAD_MAX_USES downloads), mailed to the customer in the order's language. The account
 * lists them and can re-issue a link (new token, fresh expiry and uses) a limited number of times.
 */

import type { Download, ErrorCode, Language } from '@atelier/shared';
import { localize } from '@atelier/shared';
import type { Tx } from '../../db/client';
import type { StoredFileRef } from '../../db/schema';
import { hashSecret, newToken } from '../../platform/auth/tokens';
import { AppError, Conflict, Forbidden, NotFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import type { OrderEvent } from '../orders/orders.schemas';
import type { PaymentsRepo } from './payments.repo';
import { downloadsMail } from './payments.texts';

export interface DownloadLimits {
  linkDays: number;
  maxUses: number;
  maxReissues: number;
}

/** 410 Gone: the link existed but can no longer be used. */
const GONE_CODES = {
  downloadExpired: 'LINK_EXPIRED',
  downloadUsedUp: 'LINK_USED_UP',
  downloadOrderCancelled: 'ORDER_CANCELLED',
} satisfies Record<string, ErrorCode>;
class LinkGone extends AppError {
  constructor(message: keyof typeof GONE_CODES) {
    super(410, GONE_CODES[message], message);
  }
}

/** The link is fine but its book is gone from storage. */
export const downloadFileMissing = () => new AppError(404, 'FILE_MISSING', 'downloadFileMissing');

type LinkRow = NonNullable<Awaited<ReturnType<PaymentsRepo['listLinksOfUser']>>[number]>['link'];

export function createDownloadsService(deps: {
  repo: PaymentsRepo;
  publicUrl: string;
  limits: DownloadLimits;
  now?: () => Date;
}) {
  const { repo, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const urlOf = (token: string) => `${deps.publicUrl}/api/downloads/${token}`;
  const expiry = () => new Date(now().getTime() + limits.linkDays * 86_400_000);

  /** A link of a cancelled (refunded) order is dead, whatever its dates and counts. */
  function stateOf(link: LinkRow, orderStatus?: string): Download['state'] {
    if (orderStatus === 'cancelled') return 'expired';
    if (link.downloads >= link.maxDownloads) return 'used_up';
    if (link.expiresAt.getTime() <= now().getTime()) return 'expired';
    return 'active';
  }

  function view(row: {
    link: LinkRow;
    orderNumber: number;
    orderStatus: string;
    productId: string | null;
    name: Download['name'];
  }): Download {
    const cancelled = row.orderStatus === 'cancelled';
    return {
      id: row.link.id,
      orderNumber: row.orderNumber,
      productId: row.productId,
      name: row.name,
      state: stateOf(row.link, row.orderStatus),
      expiresAt: row.link.expiresAt.toISOString(),
      downloadsLeft: Math.max(0, row.link.maxDownloads - row.link.downloads),
      maxDownloads: row.link.maxDownloads,
      reissuesLeft: cancelled ? 0 : Math.max(0, limits.maxReissues - row.link.reissueCount),
    };
  }

  return {
    /** `orderConfirmed` listener: links for the digital books of the order, mailed in the same transaction. */
    async onOrderConfirmed(tx: Tx, event: OrderEvent): Promise<void> {
      const lines = event.items.filter((i) => i.type === 'product' && i.bookFormat === 'digital' && i.productId);
      if (lines.length === 0) return;
      const files = new Map(
        (
          await repo.digitalFilesOf(
            tx,
            lines.map((l) => l.productId!),
          )
        ).map((p) => [p.id, p]),
      );
      const books: { name: string; url: string }[] = [];
      for (const line of lines) {
        const product = files.get(line.productId!);
        const token = newToken();
        await repo.insertLink(tx, {
          orderItemId: line.id,
          tokenHash: hashSecret(token),
          expiresAt: expiry(),
          maxDownloads: limits.maxUses,
        });
        books.push({ name: product ? localize(product.name, event.language) : '', url: urlOf(token) });
      }
      // No verified address (a deleted account): the links are still in the account, no mail goes.
      const to = await repo.accountEmail(tx, event.userId);
      if (!to) return;
      await enqueueMail(
        tx,
        downloadsMail(to, event.language, {
          number: event.number,
          days: limits.linkDays,
          uses: limits.maxUses,
          books,
        }),
      );
    },

    /** `orderLinesRefunded` listener: the download links of refunded digital books go. */
    async onLinesRefunded(tx: Tx, event: OrderEvent): Promise<void> {
      const lines = event.items.filter((i) => i.type === 'product' && i.bookFormat === 'digital');
      if (lines.length > 0)
        await repo.deleteLinksOf(
          tx,
          lines.map((l) => l.id),
        );
    },

    /**
     * `GET /downloads/{token}`: the token is the credential (the mailed link works in any browser);
     * a signed-in caller who is not the buyer (nor an admin) is refused. Answers the book to send
     * and `countUse`, which the sender calls only when bytes go out: a HEAD (link previews, mail
     * scanners) answers the headers without using up a download.
     */
    async open(
      token: string,
      caller: { id: string; role: string } | null,
    ): Promise<{ file: StoredFileRef; countUse: () => Promise<void> }> {
      if (!/^[\w-]{20,200}$/.test(token)) throw new NotFound('downloadNotFound', 'LINK_NOT_FOUND');
      const row = await repo.findLink(repo.db, { tokenHash: hashSecret(token) });
      if (!row) throw new NotFound('downloadNotFound', 'LINK_NOT_FOUND');
      if (caller && caller.role !== 'admin' && caller.id !== row.userId) {
        throw new Forbidden('downloadOtherAccount', 'LINK_OTHER_ACCOUNT');
      }
      if (row.orderStatus === 'cancelled') throw new LinkGone('downloadOrderCancelled');
      const state = stateOf(row.link, row.orderStatus);
      if (state === 'used_up') throw new LinkGone('downloadUsedUp');
      if (state === 'expired') throw new LinkGone('downloadExpired');
      const file = row.digitalFile;
      if (!file) throw downloadFileMissing();
      return {
        file,
        // Counted atomically: two clicks at once on the last use cannot both pass.
        async countUse() {
          if (await repo.countDownload(repo.db, row.link.id)) return;
          const again = await repo.findLink(repo.db, { id: row.link.id });
          throw new LinkGone(
            again && stateOf(again.link, again.orderStatus) === 'expired' ? 'downloadExpired' : 'downloadUsedUp',
          );
        },
      };
    },

    async list(userId: string): Promise<Download[]> {
      return (await repo.listLinksOfUser(repo.db, userId)).map(view);
    },

    /** A fresh link for one of the user's books (the old one stops working), mailed and returned once. */
    async reissue(userId: string, linkId: string, lang: Language): Promise<{ download: Download; url: string }> {
      const row = await repo.findLink(repo.db, { id: linkId });
      if (!row || row.userId !== userId) throw new NotFound('downloadNotFound', 'LINK_NOT_FOUND');
      if (row.orderStatus === 'cancelled') throw new Conflict('downloadOrderCancelled', undefined, 'ORDER_CANCELLED');
      if (row.link.reissueCount >= limits.maxReissues) {
        throw new Conflict('downloadReissueLimit', undefined, 'REISSUE_LIMIT');
      }
      const token = newToken();
      return repo.db.transaction(async (tx) => {
        const link = await repo.reissueLink(tx, linkId, hashSecret(token), expiry(), limits.maxReissues);
        if (!link) throw new Conflict('downloadReissueLimit', undefined, 'REISSUE_LIMIT');
        const url = urlOf(token);
        const to = await repo.accountEmail(tx, userId);
        if (to) {
          await enqueueMail(
            tx,
            downloadsMail(to, lang, {
              number: row.orderNumber,
              days: limits.linkDays,
              uses: link.maxDownloads,
              books: [{ name: localize(row.name, lang), url }],
              reissue: true,
            }),
          );
        }
        return {
          download: view({
            link,
            orderNumber: row.orderNumber,
            orderStatus: row.orderStatus,
            productId: row.productId,
            name: row.name,
          }),
          url,
        };
      });
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
