/** Texts of the portfolio: the server's answers. */
import type { Texts } from '../texts';

export const PORTFOLIO_MESSAGES = {
  portfolioSaved: { ru: 'Работа сохранена', en: 'Work saved', es: 'Trabajo guardado' },
  portfolioDeleted: { ru: 'Работа удалена', en: 'Work deleted', es: 'Trabajo eliminado' },
  portfolioImageRequired: {
    ru: 'Добавьте хотя бы одно изображение',
    en: 'Add at least one image',
    es: 'Añada al menos una imagen',
  },
  portfolioTooManyImages: {
    ru: 'У работы может быть не больше 10 изображений',
    en: 'A work can have at most 10 images',
    es: 'Un trabajo puede tener como máximo 10 imágenes',
  },
  mainImageInvalid: {
    ru: 'Главное изображение должно быть одним из изображений работы',
    en: 'The main image must be one of the images of the work',
    es: 'La imagen principal debe ser una de las imágenes del trabajo',
  },
  linkedProductNotFound: {
    ru: 'Связанный товар не найден',
    en: 'The linked product does not exist',
    es: 'El producto vinculado no existe',
  },
} satisfies Record<string, Texts>;
