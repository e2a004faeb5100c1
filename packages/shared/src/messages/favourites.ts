/** Texts of favourites: the server's answers to keeping and dropping one. */
import type { Texts } from '../texts';

export const FAVOURITES_MESSAGES = {
  favouriteAdded: { ru: 'Добавлено в избранное', en: 'Added to favourites', es: 'Añadido a favoritos' },
  favouriteRemoved: { ru: 'Удалено из избранного', en: 'Removed from favourites', es: 'Eliminado de favoritos' },
  favouritesFull: {
    ru: 'В избранном может быть не больше {max} позиций. Удалите что-нибудь, чтобы добавить новое.',
    en: 'Favourites hold at most {max} items. Remove one to add another.',
    es: 'Favoritos admite como máximo {max} elementos. Elimine uno para añadir otro.',
  },
} satisfies Record<string, Texts>;
