/** Texts of courses and master classes: the server's answers and the head text of the course page. */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const COURSES_MESSAGES = {
  courseAlreadyPurchased: {
    ru: 'Этот курс уже куплен',
    en: 'You already own this course',
    es: 'Ya tiene este curso',
  },
  courseSoldOut: {
    ru: 'Все места на мастер-класс уже заняты',
    en: 'This master class is sold out',
    es: 'No quedan plazas para esta clase magistral',
  },
  coursePurchased: {
    ru: 'Курс куплен, все его уроки уже доступны',
    en: 'The course is yours: all its lessons are unlocked',
    es: 'El curso es suyo: todas sus lecciones están disponibles',
  },
  courseHasOrders: {
    ru: 'Курс нельзя удалить: по нему есть заказы. Снимите его с публикации',
    en: 'This course has orders and cannot be deleted; unpublish it instead',
    es: 'Este curso tiene pedidos y no se puede eliminar; despublíquelo',
  },
  lessonInOtherCourse: {
    ru: 'Урок уже входит в другой курс',
    en: 'This lesson already belongs to another course',
    es: 'Esta lección ya pertenece a otro curso',
  },
  seatLimitBelowTaken: {
    ru: 'Лимит мест не может быть меньше уже занятых мест',
    en: 'The seat limit cannot be lower than the seats already taken',
    es: 'El límite de plazas no puede ser menor que las plazas ya ocupadas',
  },
} satisfies Record<string, Texts>;

export const COURSES_PAGE_TEXTS = {
  course: {
    title: pageTitle('course'),
    description: {
      ru: 'Курс или мастер-класс по созданию цветов из шёлка: уроки по порядку, уровень, длительность и цена.',
      en: 'A course or master class on making silk flowers: its lessons in order, level, duration and price.',
      es: 'Un curso o clase magistral de flores de seda: sus lecciones en orden, nivel, duración y precio.',
    },
  },
} satisfies Record<string, PageText>;
