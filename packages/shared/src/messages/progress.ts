/** Texts of learning progress: the server's answers to the player's reports. */
import type { Texts } from '../texts';

export const PROGRESS_MESSAGES = {
  segmentBackwards: {
    ru: 'Конец просмотренного отрезка должен быть позже его начала',
    en: 'A watched stretch must end after it starts',
    es: 'Un tramo visto debe terminar después de empezar',
  },
} satisfies Record<string, Texts>;
