/**
 * Texts every feature shares: the answers of the HTTP layer (validation, sizes, access, files,
 * images), field messages several schemas use, and the head text of the not-found page.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const COMMON_MESSAGES = {
  /** The first step of every breadcrumb trail (schema.org BreadcrumbList). */
  breadcrumbHome: { ru: 'Главная', en: 'Home', es: 'Inicio' },
  validation: {
    ru: 'Проверьте правильность заполнения полей',
    en: 'Please check the highlighted fields',
    es: 'Revise los campos marcados',
  },
  malformedJson: {
    ru: 'Запрос пришёл повреждённым. Попробуйте ещё раз',
    en: 'The request arrived damaged. Please try again',
    es: 'La solicitud llegó dañada. Inténtelo de nuevo',
  },
  badRequest: {
    ru: 'Некорректный запрос',
    en: 'Bad request',
    es: 'Solicitud incorrecta',
  },
  malformedForm: {
    ru: 'Форма пришла повреждённой или не полностью. Отправьте её ещё раз',
    en: 'The form arrived damaged or incomplete. Please send it again',
    es: 'El formulario llegó dañado o incompleto. Envíelo de nuevo',
  },
  unstorableText: {
    ru: 'Текст содержит недопустимые символы',
    en: 'The text contains characters that are not allowed',
    es: 'El texto contiene caracteres no permitidos',
  },
  uriTooLong: {
    ru: 'Слишком длинный адрес запроса',
    en: 'The request address is too long',
    es: 'La dirección de la solicitud es demasiado larga',
  },
  payloadTooLarge: {
    ru: 'Слишком большой запрос или файл',
    en: 'The request or file is too large',
    es: 'La solicitud o el archivo es demasiado grande',
  },
  emptyFile: {
    ru: 'Файл пустой',
    en: 'The file is empty',
    es: 'El archivo está vacío',
  },
  unexpectedFile: {
    ru: 'Этот файл здесь не принимается',
    en: 'This file is not accepted here',
    es: 'Este archivo no se acepta aquí',
  },
  tooManyFiles: {
    ru: 'Слишком много файлов',
    en: 'Too many files',
    es: 'Demasiados archivos',
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
    ru: 'Слишком большое разрешение изображения: не больше 40 мегапикселей (например, 8000 × 5000)',
    en: 'The image resolution is too large: at most 40 megapixels (for example 8000 × 5000)',
    es: 'La resolución de la imagen es demasiado grande: 40 megapíxeles como máximo (por ejemplo, 8000 × 5000)',
  },
  imageTooManyPixelsAtMost: {
    ru: 'Слишком большое разрешение изображения: не больше {megapixels} мегапикселей',
    en: 'The image resolution is too large: at most {megapixels} megapixels',
    es: 'La resolución de la imagen es demasiado grande: {megapixels} megapíxeles como máximo',
  },
  imagesBusy: {
    ru: 'Сейчас обрабатывается много изображений. Попробуйте через несколько секунд',
    en: 'Many images are being processed right now. Please try again in a few seconds',
    es: 'Ahora se están procesando muchas imágenes. Inténtelo de nuevo en unos segundos',
  },
  uploadRateLimited: {
    ru: 'Слишком много загрузок и удалений за короткое время. Попробуйте позже',
    en: 'Too many uploads and deletions in a short time. Please try again later',
    es: 'Demasiadas subidas y eliminaciones en poco tiempo. Inténtelo más tarde',
  },
  contentRuRequired: {
    ru: 'Заполните текст на русском языке',
    en: 'The Russian text is required',
    es: 'El texto en ruso es obligatorio',
  },
  textTooLong: { ru: 'Слишком длинный текст', en: 'The text is too long', es: 'El texto es demasiado largo' },
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
  imageOrderInvalid: {
    ru: 'Порядок изображений должен перечислять каждое изображение один раз',
    en: 'The image order must list every image exactly once',
    es: 'El orden de las imágenes debe incluir cada imagen una sola vez',
  },
} satisfies Record<string, Texts>;

export const COMMON_PAGE_TEXTS = {
  notFound: { title: pageTitle('notFound') },
} satisfies Record<string, PageText>;
