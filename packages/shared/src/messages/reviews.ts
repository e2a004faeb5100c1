/** Texts of reviews and their moderation: the field messages and the server's answers. */
import type { Texts } from '../texts';

export const REVIEWS_MESSAGES = {
  reviewTooShort: {
    ru: 'Текст отзыва должен содержать минимум 10 символов',
    en: 'The review must contain at least 10 characters',
    es: 'La reseña debe contener al menos 10 caracteres',
  },
  reviewTooLong: {
    ru: 'Текст отзыва не должен превышать 1000 символов',
    en: 'The review must not exceed 1000 characters',
    es: 'La reseña no debe superar los 1000 caracteres',
  },
  reviewRatingInvalid: {
    ru: 'Оценка должна быть от 1 до 5',
    en: 'The rating must be from 1 to 5',
    es: 'La valoración debe ser de 1 a 5',
  },
  reviewsPendingLimit: {
    ru: 'На проверке уже {max} ваших отзыва. Дождитесь модерации, чтобы написать ещё',
    en: '{max} of your reviews are already awaiting moderation. Wait for them before writing another',
    es: 'Ya hay {max} reseñas suyas en moderación. Espere a que se revisen para escribir otra',
  },
  reviewRateLimited: {
    ru: 'Слишком много отзывов за короткое время. Попробуйте позже',
    en: 'Too many reviews in a short time. Please try again later',
    es: 'Demasiadas reseñas en poco tiempo. Inténtelo más tarde',
  },
  reviewSubmitted: {
    ru: 'Отзыв отправлен на модерацию',
    en: 'Your review has been sent for moderation',
    es: 'Su reseña se ha enviado a moderación',
  },
  reviewApproved: { ru: 'Отзыв одобрен', en: 'Review approved', es: 'Reseña aprobada' },
  reviewRejected: { ru: 'Отзыв отклонён', en: 'Review rejected', es: 'Reseña rechazada' },
  reviewDeleted: { ru: 'Отзыв удалён', en: 'Review deleted', es: 'Reseña eliminada' },
  reviewsReordered: { ru: 'Порядок отзывов сохранён', en: 'Review order saved', es: 'Orden de reseñas guardado' },
  reviewOrderInvalid: {
    ru: 'В порядке могут быть только одобренные отзывы, каждый один раз',
    en: 'The order may list only approved reviews, each once',
    es: 'El orden solo puede incluir reseñas aprobadas, cada una una vez',
  },
} satisfies Record<string, Texts>;
