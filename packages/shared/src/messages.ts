import type { Language } from './i18n';

type Texts = Record<Language, string>;

/**
 * Messages the server puts in error envelopes, in the language of Accept-Language.
 * Keys are stable; features add their own here so every text exists in ru, en and es.
 */
export const SERVER_MESSAGES = {
  validation: {
    ru: 'Проверьте правильность заполнения полей',
    en: 'Please check the highlighted fields',
    es: 'Revise los campos marcados',
  },
  malformedJson: {
    ru: 'Тело запроса не является корректным JSON',
    en: 'The request body is not valid JSON',
    es: 'El cuerpo de la solicitud no es un JSON válido',
  },
  badRequest: {
    ru: 'Некорректный запрос',
    en: 'Bad request',
    es: 'Solicitud incorrecta',
  },
  payloadTooLarge: {
    ru: 'Слишком большой запрос или файл',
    en: 'The request or file is too large',
    es: 'La solicitud o el archivo es demasiado grande',
  },
  unsupportedMediaType: {
    ru: 'Неподдерживаемый формат данных',
    en: 'Unsupported content type',
    es: 'Tipo de contenido no admitido',
  },
  routeNotFound: {
    ru: 'Ресурс не найден',
    en: 'Resource not found',
    es: 'Recurso no encontrado',
  },
  notFound: {
    ru: 'Ресурс не найден',
    en: 'Resource not found',
    es: 'Recurso no encontrado',
  },
  unauthorized: {
    ru: 'Требуется авторизация',
    en: 'Authorization required',
    es: 'Se requiere autorización',
  },
  forbidden: {
    ru: 'Доступ запрещён',
    en: 'Access denied',
    es: 'Acceso denegado',
  },
  conflict: {
    ru: 'Конфликт с текущим состоянием данных',
    en: 'This conflicts with the current state of the data',
    es: 'Esto entra en conflicto con el estado actual de los datos',
  },
  rateLimited: {
    ru: 'Слишком много запросов. Попробуйте позже',
    en: 'Too many requests. Please try again later',
    es: 'Demasiadas solicitudes. Inténtelo más tarde',
  },
  internal: {
    ru: 'Ошибка сервера. Попробуйте позже',
    en: 'Server error. Please try again later',
    es: 'Error del servidor. Inténtelo más tarde',
  },
  unavailable: {
    ru: 'Сервис временно недоступен',
    en: 'The service is temporarily unavailable',
    es: 'El servicio no está disponible temporalmente',
  },
  imageOnly: {
    ru: 'Можно загружать только изображения',
    en: 'Only images can be uploaded',
    es: 'Solo se pueden subir imágenes',
  },
  imageTooLarge: {
    ru: 'Размер файла не должен превышать 5MB',
    en: 'The file must not exceed 5MB',
    es: 'El archivo no debe superar los 5MB',
  },
  imageTooManyPixels: {
    ru: 'Слишком большое разрешение изображения',
    en: 'The image resolution is too large',
    es: 'La resolución de la imagen es demasiado grande',
  },
  invalidFileKey: {
    ru: 'Недопустимое имя файла',
    en: 'Invalid file name',
    es: 'Nombre de archivo no válido',
  },
  fileNotFound: {
    ru: 'Файл не найден',
    en: 'File not found',
    es: 'Archivo no encontrado',
  },
  invalidByteRange: {
    ru: 'Запрошенный диапазон байтов недопустим',
    en: 'The requested byte range is not satisfiable',
    es: 'El rango de bytes solicitado no es válido',
  },
  priceRangeInvalid: {
    ru: 'Минимальная цена не может быть больше максимальной',
    en: 'The minimum price cannot be greater than the maximum price',
    es: 'El precio mínimo no puede ser mayor que el precio máximo',
  },
} satisfies Record<string, Texts>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

export function serverMessage(key: ServerMessageKey, lang: Language): string {
  return SERVER_MESSAGES[key][lang];
}
