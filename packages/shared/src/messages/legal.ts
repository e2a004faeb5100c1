/**
 * Texts of the legal documents and the consents: the documents' names, where a consent was given,
 * the server's answers, and the head texts of the legal pages.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export { CONSENT_SOURCE_LABELS, LEGAL_KIND_LABELS } from './legal-labels';

export const LEGAL_MESSAGES = {
  personalDataConsentRequired: {
    ru: 'Необходимо согласие на обработку персональных данных',
    en: 'Consent to the processing of personal data is required',
    es: 'Se requiere el consentimiento para el tratamiento de datos personales',
  },
  crossBorderConsentRequired: {
    ru: 'Для оплаты через PayPal необходимо согласие на трансграничную передачу данных',
    en: 'Paying through PayPal requires consent to the cross-border transfer of your data',
    es: 'Pagar con PayPal requiere el consentimiento para la transferencia internacional de sus datos',
  },
  consentNotAsked: {
    ru: 'Это согласие здесь не запрашивается',
    en: 'This consent is not asked for here',
    es: 'Este consentimiento no se solicita aquí',
  },
  legalVersionUnknown: {
    ru: 'Такой редакции документа «{name}» нет. Обновите страницу и попробуйте ещё раз',
    en: 'There is no such version of “{name}”. Reload the page and try again',
    es: 'No existe esa versión de «{name}». Recargue la página e inténtelo de nuevo',
  },
  legalVersionStale: {
    ru: 'Документ «{name}» обновился, пока страница была открыта. Прочитайте новую редакцию и подтвердите согласие снова',
    en: '“{name}” has been updated since the page was opened. Read the new version and confirm again',
    es: '«{name}» se ha actualizado desde que abrió la página. Lea la nueva versión y confirme de nuevo',
  },
  legalVersionConflict: {
    ru: 'Пока вы редактировали, опубликована редакция {version}. Откройте её и внесите изменения заново',
    en: 'Version {version} was published while you were editing. Open it and make your changes again',
    es: 'Mientras editaba se publicó la versión {version}. Ábrala y vuelva a hacer los cambios',
  },
  legalUnchanged: {
    ru: 'Текст совпадает с действующей редакцией: публиковать нечего',
    en: 'The text is the same as the version in force: nothing to publish',
    es: 'El texto es igual a la versión vigente: no hay nada que publicar',
  },
  legalPublished: {
    ru: 'Опубликована редакция {version}',
    en: 'Version {version} published',
    es: 'Versión {version} publicada',
  },
  legalTitleRequired: { ru: 'Укажите заголовок', en: 'Enter a title', es: 'Indique un título' },
  legalBodyRequired: { ru: 'Введите текст документа', en: 'Enter the text', es: 'Introduzca el texto' },
  consentDocumentMissing: {
    ru: 'Не передан текст согласия: обновите страницу и попробуйте ещё раз',
    en: 'The consent text was not sent: reload the page and try again',
    es: 'No se envió el texto del consentimiento: recargue la página e inténtelo de nuevo',
  },
  cookieChoiceSaved: { ru: 'Выбор сохранён', en: 'Your choice is saved', es: 'Su elección se ha guardado' },
} satisfies Record<string, Texts>;

export const LEGAL_PAGE_TEXTS = {
  privacy: {
    title: pageTitle('privacy'),
  },
  terms: { title: pageTitle('terms') },
  agreement: {
    title: pageTitle('agreement'),
  },
  legalDocument: { title: pageTitle('legalDocument') },
  legalVersion: {
    title: pageTitle('legalVersion'),
  },
} satisfies Record<string, PageText>;
