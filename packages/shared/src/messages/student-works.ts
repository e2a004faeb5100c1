/** Texts of students' works on lesson pages and their moderation: field messages and the server's answers. */
import type { Texts } from '../texts';

export const STUDENT_WORKS_MESSAGES = {
  studentWorkCaptionTooLong: {
    ru: 'Подпись не должна превышать 200 символов',
    en: 'The caption must not exceed 200 characters',
    es: 'El pie de foto no debe superar los 200 caracteres',
  },
  studentWorkPhotoRequired: {
    ru: 'Добавьте фотографию работы',
    en: 'Add a photo of your work',
    es: 'Añada una foto de su trabajo',
  },
  studentWorksPendingLimit: {
    ru: 'На проверке уже {max} ваши работы по этому уроку. Дождитесь модерации, чтобы добавить ещё',
    en: '{max} of your works on this lesson are already awaiting moderation. Wait for them before adding more',
    es: 'Ya hay {max} trabajos suyos de esta lección en moderación. Espere a que se revisen para añadir más',
  },
  studentWorkSubmitted: {
    ru: 'Работа отправлена на модерацию',
    en: 'Your work has been sent for moderation',
    es: 'Su trabajo se ha enviado a moderación',
  },
  studentWorkHasNoPhoto: {
    ru: 'Фотография отклонённой работы удалена: её нельзя одобрить',
    en: 'The photo of a rejected work is removed, so it cannot be approved',
    es: 'La foto de un trabajo rechazado se elimina, así que no se puede aprobar',
  },
  studentWorkApproved: { ru: 'Работа одобрена', en: 'Work approved', es: 'Trabajo aprobado' },
  studentWorkRejected: { ru: 'Работа отклонена', en: 'Work rejected', es: 'Trabajo rechazado' },
  studentWorkDeleted: { ru: 'Работа удалена', en: 'Work deleted', es: 'Trabajo eliminado' },
} satisfies Record<string, Texts>;
