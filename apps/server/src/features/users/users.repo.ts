import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  carts,
  certificates,
  customRequests,
  emailTokens,
  favourites,
  lessons,
  orderItems,
  orders,
  purchases,
  reviews,
  savedAddresses,
  stockAlerts,
  studentWorks,
  users,
  videoProgress,
} from '../../db/schema';

export function createUsersRepo(db: Db | Tx) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row ?? null;
    },
    async insert(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<typeof users.$inferInsert>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    /** Everything the export contains, read in one snapshot-free pass (the user's own rows only). */
    async exportData(userId: string) {
      const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
      const items =
        orderRows.length === 0
          ? []
          : await db
              .select()
              .from(orderItems)
              .where(
                inArray(
                  orderItems.orderId,
                  orderRows.map((o) => o.id),
                ),
              );
      const purchaseRows = await db
        .select({
          lessonId: purchases.lessonId,
          courseId: purchases.courseId,
          orderId: purchases.orderId,
          pricePaidRub: purchases.pricePaidRub,
          createdAt: purchases.createdAt,
          lessonNumber: lessons.number,
          lessonTitle: lessons.title,
        })
        .from(purchases)
        .leftJoin(lessons, eq(lessons.id, purchases.lessonId))
        .where(eq(purchases.userId, userId))
        .orderBy(asc(purchases.createdAt));
      const reviewRows = await db
        .select({
          id: reviews.id,
          userName: reviews.userName,
          text: reviews.text,
          rating: reviews.rating,
          status: reviews.status,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(eq(reviews.userId, userId))
        .orderBy(asc(reviews.createdAt));
      const workRows = await db
        .select({
          id: studentWorks.id,
          lessonId: studentWorks.lessonId,
          authorName: studentWorks.authorName,
          caption: studentWorks.caption,
          image: studentWorks.image,
          status: studentWorks.status,
          createdAt: studentWorks.createdAt,
        })
        .from(studentWorks)
        .where(eq(studentWorks.userId, userId))
        .orderBy(asc(studentWorks.createdAt));
      const [cart] = await db.select({ items: carts.items }).from(carts).where(eq(carts.userId, userId));
      const favouriteRows = await db
        .select({ productId: favourites.productId, lessonId: favourites.lessonId, createdAt: favourites.createdAt })
        .from(favourites)
        .where(eq(favourites.userId, userId))
        .orderBy(asc(favourites.createdAt));
      const addressRows = await db
        .select({
          country: savedAddresses.country,
          city: savedAddresses.city,
          address: savedAddresses.address,
          postalCode: savedAddresses.postalCode,
          usedAt: savedAddresses.usedAt,
        })
        .from(savedAddresses)
        .where(eq(savedAddresses.userId, userId))
        .orderBy(desc(savedAddresses.usedAt));
      const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const alertRows = account?.email
        ? await db
            .select({
              productId: stockAlerts.productId,
              status: stockAlerts.status,
              language: stockAlerts.language,
              createdAt: stockAlerts.createdAt,
              notifiedAt: stockAlerts.notifiedAt,
            })
            .from(stockAlerts)
            .where(eq(stockAlerts.email, account.email))
            .orderBy(asc(stockAlerts.createdAt))
        : [];
      const progressRows = await db
        .select({
          lessonId: videoProgress.lessonId,
          positionSeconds: videoProgress.positionSeconds,
          watched: videoProgress.watched,
          completedAt: videoProgress.completedAt,
          updatedAt: videoProgress.updatedAt,
        })
        .from(videoProgress)
        .where(eq(videoProgress.userId, userId))
        .orderBy(asc(videoProgress.updatedAt));
      const certificateRows = await db
        .select({
          code: certificates.code,
          courseId: certificates.courseId,
          name: certificates.name,
          courseTitle: certificates.courseTitle,
          language: certificates.language,
          issuedAt: certificates.issuedAt,
        })
        .from(certificates)
        .where(eq(certificates.userId, userId))
        .orderBy(asc(certificates.issuedAt));
      const customRows = await db
        .select({
          id: customRequests.id,
          number: customRequests.number,
          status: customRequests.status,
          occasion: customRequests.occasion,
          occasionOther: customRequests.occasionOther,
          dateNeeded: customRequests.dateNeeded,
          colours: customRequests.colours,
          budgetMinor: customRequests.budgetMinor,
          budgetCurrency: customRequests.budgetCurrency,
          description: customRequests.description,
          photos: customRequests.photos,
          quotePriceMinor: customRequests.quotePriceMinor,
          quoteCurrency: customRequests.quoteCurrency,
          depositPercent: customRequests.depositPercent,
          quoteDueDate: customRequests.quoteDueDate,
          quoteMessage: customRequests.quoteMessage,
          createdAt: customRequests.createdAt,
        })
        .from(customRequests)
        .where(eq(customRequests.userId, userId))
        .orderBy(asc(customRequests.createdAt));
      return {
        orderRows,
        items,
        customRows,
        purchaseRows,
        reviewRows,
        workRows,
        cartItems: cart?.items ?? [],
        favouriteRows,
        addressRows,
        alertRows,
        progressRows,
        certificateRows,
      };
    },

    /**
     * Account deletion (docs/decisions/0008): the row stays so orders and reviews keep their link,
     * but everything that identifies the person is removed; the cart, favourites, remembered
     * delivery addresses, back-in-stock
     * alerts (by account and by address), course certificates (they carry the name; their
     * verification pages answer 404 from then on) and pending mails' tokens go. Lesson progress
     * stays, as anonymous as the purchases it belongs to.
     */
    async anonymise(userId: string) {
      await db.delete(certificates).where(eq(certificates.userId, userId));
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (row?.email) await db.delete(stockAlerts).where(eq(stockAlerts.email, row.email));
      await db.delete(stockAlerts).where(eq(stockAlerts.userId, userId));
      await db.delete(favourites).where(eq(favourites.userId, userId));
      await db.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
      await db
        .update(users)
        .set({
          email: null,
          name: 'Deleted user',
          firstName: null,
          lastName: null,
          phone: null,
          passwordHash: null,
          emailVerifiedAt: null,
          marketingConsentAt: null,
          deletedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      await db.delete(carts).where(eq(carts.userId, userId));
      await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    },
    /** Drops every emailed code and link of a user (they were issued to someone else's request). */
    async dropEmailTokens(userId: string) {
      await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
