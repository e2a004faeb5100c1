/**
 * Texts of course certificates: the server's answers, the words printed on the PDF and the head
 * texts of the public verification page.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const CERTIFICATES_MESSAGES = {
  certificateNotFound: {
    ru: 'Сертификат с таким кодом не найден',
    en: 'No certificate has this code',
    es: 'No existe ningún certificado con este código',
  },
  certificateNotYours: {
    ru: 'Этот сертификат выдан другому ученику',
    en: 'This certificate belongs to another learner',
    es: 'Este certificado pertenece a otro alumno',
  },
  certificateRevoked: {
    ru: 'Сертификат отозван: заказ курса был отменён',
    en: 'This certificate has been revoked: the course order was cancelled',
    es: 'Este certificado ha sido revocado: el pedido del curso se canceló',
  },
  certificatePdfHeading: { ru: 'Сертификат', en: 'Certificate', es: 'Certificado' },
  certificatePdfSubheading: {
    ru: 'о прохождении курса',
    en: 'of course completion',
    es: 'de finalización del curso',
  },
  certificatePdfAwardedTo: {
    ru: 'Настоящий сертификат выдан',
    en: 'This certificate is awarded to',
    es: 'Este certificado se otorga a',
  },
  certificatePdfFor: {
    ru: 'за прохождение всех уроков курса',
    en: 'for completing every lesson of the course',
    es: 'por completar todas las lecciones del curso',
  },
  certificatePdfDate: { ru: 'Дата выдачи: {date}', en: 'Date of issue: {date}', es: 'Fecha de emisión: {date}' },
  certificatePdfVerify: {
    ru: 'Подлинность сертификата можно проверить по адресу',
    en: 'Check that this certificate is genuine at',
    es: 'Compruebe la autenticidad de este certificado en',
  },
  certificatePdfCode: {
    ru: 'Код сертификата: {code}',
    en: 'Certificate code: {code}',
    es: 'Código del certificado: {code}',
  },
  certificatePdfSchool: {
    ru: 'Atelier · школа шёлковых цветов',
    en: 'Atelier · silk flower school',
    es: 'Atelier · escuela de flores de seda',
  },
  certificatePdfFileName: { ru: 'сертификат-{code}.pdf', en: 'certificate-{code}.pdf', es: 'certificado-{code}.pdf' },
} satisfies Record<string, Texts>;

export const CERTIFICATES_PAGE_TEXTS = {
  certificate: {
    title: pageTitle('certificate'),
    description: {
      ru: 'Проверка подлинности сертификата о прохождении курса Atelier',
      en: 'Check that an Atelier course certificate is genuine',
      es: 'Compruebe la autenticidad de un certificado de curso de Atelier',
    },
  },
} satisfies Record<string, PageText>;
