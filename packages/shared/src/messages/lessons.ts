/** Texts of video lessons (media, purchase): the server's answers and the lesson pages' head texts. */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const LESSONS_MESSAGES = {
  lessonAlreadyPurchased: {
    ru: 'Этот урок уже куплен',
    en: 'You already own this lesson',
    es: 'Ya tiene esta lección',
  },
  lessonNotPurchased: {
    ru: 'Урок доступен только после покупки',
    en: 'This lesson is available only after purchase',
    es: 'Esta lección solo está disponible después de la compra',
  },
  lessonNumberTaken: {
    ru: 'Урок с таким номером уже существует',
    en: 'A lesson with this number already exists',
    es: 'Ya existe una lección con este número',
  },
  lessonHasOrders: {
    ru: 'Урок нельзя удалить: по нему есть заказы. Снимите его с публикации',
    en: 'This lesson has orders and cannot be deleted; unpublish it instead',
    es: 'Esta lección tiene pedidos y no se puede eliminar; despublíquela',
  },
  hlsUnavailable: {
    ru: 'Этот сервер не умеет готовить видео для медленного интернета',
    en: 'This server cannot prepare videos for slow connections',
    es: 'Este servidor no puede preparar vídeos para conexiones lentas',
  },
  hlsJobActive: {
    ru: 'Видео уже готовится',
    en: 'The video is already being prepared',
    es: 'El vídeo ya se está preparando',
  },
  videoNotUploaded: {
    ru: 'Видео ещё не загружено',
    en: 'The video has not been uploaded yet',
    es: 'El vídeo aún no se ha subido',
  },
  methodologyLanguageNotFound: {
    ru: 'Методичка на выбранном языке не найдена',
    en: 'The methodology in the chosen language was not found',
    es: 'No se encontró la metodología en el idioma elegido',
  },
  methodologyUnavailable: {
    ru: 'Методические материалы недоступны, обратитесь к администратору',
    en: 'Methodology materials are unavailable, please contact the administrator',
    es: 'Los materiales metodológicos no están disponibles, contacte con el administrador',
  },
  signedUrlInvalid: {
    ru: 'Ссылка недействительна или устарела. Обновите страницу урока',
    en: 'This link is invalid or has expired. Reload the lesson page',
    es: 'Este enlace no es válido o ha caducado. Recargue la página de la lección',
  },
  signedUrlOtherAccount: {
    ru: 'Эта ссылка выдана другому ученику. Откройте урок под своей учётной записью',
    en: 'This link was issued to another learner. Open the lesson signed in to your own account',
    es: 'Este enlace se emitió para otro alumno. Abra la lección con su propia cuenta',
  },
  invalidVideo: {
    ru: 'Видео должно быть в формате MP4 или WebM',
    en: 'The video must be an MP4 or WebM file',
    es: 'El vídeo debe ser un archivo MP4 o WebM',
  },
  invalidPdf: {
    ru: 'Методичка должна быть PDF-файлом',
    en: 'The methodology must be a PDF file',
    es: 'La metodología debe ser un archivo PDF',
  },
  lessonPurchased: {
    ru: 'Урок куплен и уже доступен',
    en: 'The lesson is yours and ready to watch',
    es: 'La lección es suya y ya puede verla',
  },
  chapterTitleRequired: {
    ru: 'Укажите название главы на русском',
    en: 'Enter the chapter title in Russian',
    es: 'Indique el título del capítulo en ruso',
  },
  chapterTimeRepeated: {
    ru: 'Две главы не могут начинаться в одно и то же время',
    en: 'Two chapters cannot start at the same time',
    es: 'Dos capítulos no pueden empezar en el mismo momento',
  },
  subtitlesEmpty: {
    ru: 'Вставьте текст субтитров или выберите файл .vtt',
    en: 'Paste the subtitles or choose a .vtt file',
    es: 'Pegue los subtítulos o elija un archivo .vtt',
  },
  subtitlesTooLong: {
    ru: 'Файл субтитров слишком большой',
    en: 'The subtitles file is too large',
    es: 'El archivo de subtítulos es demasiado grande',
  },
  subtitlesNotFound: {
    ru: 'Субтитров на этом языке нет',
    en: 'There are no subtitles in this language',
    es: 'No hay subtítulos en este idioma',
  },
  // The WebVTT check (webvtt.ts), one text per problem; {line} is the line number of the file.
  vttHeader: {
    ru: 'Это не файл субтитров: неверная первая строка',
    en: 'This is not a subtitles file: its first line is wrong',
    es: 'Esto no es un archivo de subtítulos: la primera línea no es correcta',
  },
  vttTiming: {
    ru: 'Строка {line}: ожидалось время реплики вида 00:01.000 --> 00:04.000',
    en: 'Line {line}: expected a cue time such as 00:01.000 --> 00:04.000',
    es: 'Línea {line}: se esperaba un tiempo de réplica como 00:01.000 --> 00:04.000',
  },
  vttEndBeforeStart: {
    ru: 'Строка {line}: реплика заканчивается раньше, чем начинается',
    en: 'Line {line}: the cue ends before it starts',
    es: 'Línea {line}: la réplica termina antes de empezar',
  },
  vttOrder: {
    ru: 'Строка {line}: реплики должны идти по порядку времени начала',
    en: 'Line {line}: cues must be in order of their start time',
    es: 'Línea {line}: las réplicas deben ir en orden de inicio',
  },
  vttBlankLine: {
    ru: 'Строка {line}: перед этой репликой нужна пустая строка',
    en: 'Line {line}: a blank line is needed before this cue',
    es: 'Línea {line}: falta una línea en blanco antes de esta réplica',
  },
  vttEmpty: {
    ru: 'В субтитрах нет ни одной реплики',
    en: 'The subtitles contain no cues',
    es: 'Los subtítulos no contienen ninguna réplica',
  },
  vttBinary: {
    ru: 'Строка {line}: это не текстовый файл субтитров',
    en: 'Line {line}: this is not a text subtitles file',
    es: 'Línea {line}: esto no es un archivo de subtítulos de texto',
  },
} satisfies Record<string, Texts>;

export const LESSONS_PAGE_TEXTS = {
  lessons: {
    title: pageTitle('lessons'),
    description: {
      ru: 'Видеоуроки по созданию цветов из шёлка — от основ до продвинутых техник, с методическими материалами.',
      en: 'Video lessons on making silk flowers, from the basics to advanced techniques, with methodology sheets.',
      es: 'Videolecciones para crear flores de seda, desde lo básico hasta técnicas avanzadas, con material metodológico.',
    },
  },
  lesson: {
    title: pageTitle('lesson'),
    description: {
      ru: 'Видеоурок по созданию цветов из шёлка с методическими материалами на русском, английском и испанском.',
      en: 'A video lesson on making silk flowers, with methodology sheets in Russian, English and Spanish.',
      es: 'Una videolección sobre cómo hacer flores de seda, con material metodológico en ruso, inglés y español.',
    },
  },
} satisfies Record<string, PageText>;
