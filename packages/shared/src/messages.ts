import type { Language } from './i18n';
import { PAYMENT_MESSAGES } from './payments';

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
    ru: 'Слишком большое разрешение изображения',
    en: 'The image resolution is too large',
    es: 'La resolución de la imagen es demasiado grande',
  },
  // ---- home content: about, portfolio, reviews (issue 4)
  reviewTooShort: {
    ru: 'Текст отзыва должен содержать минимум 10 символов',
    en: 'The review must contain at least 10 characters',
    es: 'La reseña debe contener al menos 10 caracteres',
  },
  reviewTooLong: {
    ru: 'Текст отзыва не должен превышать 1000 символов',
    en: 'The review must not exceed 1000 characters',
    es: 'La reseña no debe superar los 1000 caracteres',
  },
  reviewRatingInvalid: {
    ru: 'Оценка должна быть от 1 до 5',
    en: 'The rating must be from 1 to 5',
    es: 'La valoración debe ser de 1 a 5',
  },
  reviewSubmitted: {
    ru: 'Отзыв отправлен на модерацию',
    en: 'Your review has been sent for moderation',
    es: 'Su reseña se ha enviado a moderación',
  },
  reviewApproved: { ru: 'Отзыв одобрен', en: 'Review approved', es: 'Reseña aprobada' },
  reviewRejected: { ru: 'Отзыв отклонён', en: 'Review rejected', es: 'Reseña rechazada' },
  reviewDeleted: { ru: 'Отзыв удалён', en: 'Review deleted', es: 'Reseña eliminada' },
  reviewsReordered: { ru: 'Порядок отзывов сохранён', en: 'Review order saved', es: 'Orden de reseñas guardado' },
  reviewOrderInvalid: {
    ru: 'В порядке могут быть только одобренные отзывы, каждый один раз',
    en: 'The order may list only approved reviews, each once',
    es: 'El orden solo puede incluir reseñas aprobadas, cada una una vez',
  },
  contentRuRequired: {
    ru: 'Заполните текст на русском языке',
    en: 'The Russian text is required',
    es: 'El texto en ruso es obligatorio',
  },
  aboutSaved: { ru: 'Раздел «Обо мне» сохранён', en: 'About section saved', es: 'Sección «Sobre mí» guardada' },
  landingSaved: { ru: 'Настройки сайта сохранены', en: 'Site settings saved', es: 'Ajustes del sitio guardados' },
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
  // ---- training (issue 7)
  promoInvalid: {
    ru: 'Промокод не найден',
    en: 'This promo code does not exist',
    es: 'Este código promocional no existe',
  },
  promoExpired: {
    ru: 'Срок действия промокода истёк',
    en: 'This promo code has expired',
    es: 'Este código promocional ha caducado',
  },
  promoUsedUp: {
    ru: 'Промокод уже использован максимальное число раз',
    en: 'This promo code has been used up',
    es: 'Este código promocional ya se ha agotado',
  },
  promoNotForLesson: {
    ru: 'Промокод не действует для этого урока',
    en: 'This promo code does not apply to this lesson',
    es: 'Este código promocional no es válido para esta lección',
  },
  promoCodeTaken: {
    ru: 'Такой промокод уже существует',
    en: 'A promo code with this name already exists',
    es: 'Ya existe un código promocional con este nombre',
  },
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
  promoNotForCourse: {
    ru: 'Промокод не действует для этого курса',
    en: 'This promo code does not apply to this course',
    es: 'Este código promocional no es válido para este curso',
  },
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
  lessonPurchased: {
    ru: 'Урок куплен и уже доступен',
    en: 'The lesson is yours and ready to watch',
    es: 'La lección es suya y ya puede verla',
  },
  priceRangeInvalid: {
    ru: 'Минимальная цена не может быть больше максимальной',
    en: 'The minimum price cannot be greater than the maximum price',
    es: 'El precio mínimo no puede ser mayor que el precio máximo',
  },
  // ---------------------------------------------------------------- admin shop (issue 5)
  productRuRequired: {
    ru: 'Заполните текст на русском языке',
    en: 'The Russian text is required',
    es: 'El texto en ruso es obligatorio',
  },
  priceTwoDecimals: {
    ru: 'Цена может иметь не больше двух знаков после запятой',
    en: 'A price can have at most two decimals',
    es: 'Un precio puede tener como máximo dos decimales',
  },
  priceRubRequired: {
    ru: 'Укажите цену в рублях больше нуля',
    en: 'Enter a price in roubles greater than zero',
    es: 'Indique un precio en rublos mayor que cero',
  },
  subcategoryOnlyCollection: {
    ru: 'Подкатегория бывает только у товаров коллекции',
    en: 'Only collection products have a subcategory',
    es: 'Solo los productos de la colección tienen subcategoría',
  },
  bookFormatsOnlyBooks: {
    ru: 'Формат указывается только для книг',
    en: 'Only books have a format',
    es: 'Solo los libros tienen formato',
  },
  bookFormatsRequired: {
    ru: 'Выберите формат книги: печатная и/или электронная',
    en: 'Choose the book format: printed and/or digital',
    es: 'Elija el formato del libro: impreso y/o digital',
  },
  digitalFileRequired: {
    ru: 'Для электронной книги загрузите файл',
    en: 'Upload the file of the digital book',
    es: 'Suba el archivo del libro digital',
  },
  digitalFileType: {
    ru: 'Электронная книга должна быть в формате PDF или EPUB',
    en: 'The digital book must be a PDF or EPUB file',
    es: 'El libro digital debe ser un archivo PDF o EPUB',
  },
  digitalFileTooLarge: {
    ru: 'Файл книги не должен превышать 200MB',
    en: 'The book file must not exceed 200MB',
    es: 'El archivo del libro no debe superar los 200MB',
  },
  imageOrderInvalid: {
    ru: 'Порядок изображений должен перечислять каждое изображение один раз',
    en: 'The image order must list every image exactly once',
    es: 'El orden de las imágenes debe incluir cada imagen una sola vez',
  },
  tooManyImages: {
    ru: 'У товара может быть не больше 10 изображений',
    en: 'A product can have at most 10 images',
    es: 'Un producto puede tener como máximo 10 imágenes',
  },
  productArchived: {
    ru: 'Товар есть в заказах, поэтому он перенесён в архив',
    en: 'The product has orders, so it was archived',
    es: 'El producto tiene pedidos, por eso se ha archivado',
  },
  productDeleted: { ru: 'Товар удалён', en: 'Product deleted', es: 'Producto eliminado' },
  productSaved: { ru: 'Товар сохранён', en: 'Product saved', es: 'Producto guardado' },
  // ---------------------------------------------------------------- accounts (issue 3)
  // Field messages of the shared auth/profile schemas (packages/shared/src/auth.ts).
  emailRequired: { ru: 'Укажите email', en: 'Email must be specified', es: 'Indique su correo' },
  emailInvalid: { ru: 'Некорректный email адрес', en: 'Incorrect email address', es: 'Dirección de correo incorrecta' },
  passwordRequired: { ru: 'Введите пароль', en: 'Enter your password', es: 'Introduzca la contraseña' },
  passwordShort: {
    ru: 'Пароль должен содержать не менее 6 символов',
    en: 'Password must contain at least 6 characters',
    es: 'La contraseña debe tener al menos 6 caracteres',
  },
  passwordLong: {
    ru: 'Пароль не должен превышать 128 символов',
    en: 'The password must not exceed 128 characters',
    es: 'La contraseña no debe superar los 128 caracteres',
  },
  passwordsDiffer: { ru: 'Пароли не совпадают', en: 'Passwords do not match', es: 'Las contraseñas no coinciden' },
  passwordCommon: {
    ru: 'Этот пароль слишком распространён и легко угадывается. Выберите другой',
    en: 'This password is too common and easy to guess. Please choose another one',
    es: 'Esta contraseña es demasiado común y fácil de adivinar. Elija otra',
  },
  nameRequired: { ru: 'Укажите имя', en: 'Enter your name', es: 'Indique su nombre' },
  nameShort: {
    ru: 'Имя должно содержать не менее 2 символов',
    en: 'The name must contain at least 2 characters',
    es: 'El nombre debe tener al menos 2 caracteres',
  },
  nameLong: {
    ru: 'Имя не должно превышать 100 символов',
    en: 'The name must not exceed 100 characters',
    es: 'El nombre no debe superar los 100 caracteres',
  },
  phoneInvalid: {
    ru: 'Некорректный формат телефона',
    en: 'Invalid phone number format',
    es: 'Formato de teléfono no válido',
  },
  captchaRequired: { ru: 'Пожалуйста, решите пример', en: 'Please solve the example', es: 'Resuelva la operación' },
  captchaWrong: {
    ru: 'Неверный ответ на пример',
    en: 'Incorrect answer to the example',
    es: 'Respuesta incorrecta a la operación',
  },
  captchaExpired: {
    ru: 'Пример устарел или уже использован. Обновите пример и решите его снова',
    en: 'The example has expired or was already used. Refresh it and solve it again',
    es: 'La operación ha caducado o ya se usó. Actualícela y resuélvala de nuevo',
  },
  agreementRequired: {
    ru: 'Необходимо согласие с пользовательским соглашением',
    en: 'Agreement with the user agreement is required',
    es: 'Es necesario aceptar el acuerdo de usuario',
  },
  codeIncomplete: {
    ru: 'Пожалуйста, введите все 6 цифр кода',
    en: 'Please enter all 6 digits of the code',
    es: 'Introduzca los 6 dígitos del código',
  },
  // Server answers of the auth flows.
  invalidCredentials: {
    ru: 'Неверный email или пароль',
    en: 'Wrong email or password',
    es: 'Correo o contraseña incorrectos',
  },
  emailNotVerified: {
    ru: 'Пожалуйста, подтвердите ваш email адрес. Проверьте вашу почту.',
    en: 'Please confirm your email address. Check your inbox.',
    es: 'Confirme su dirección de correo. Revise su bandeja de entrada.',
  },
  codeWrong: {
    ru: 'Неверный или просроченный код подтверждения',
    en: 'Wrong or expired verification code',
    es: 'Código de verificación incorrecto o caducado',
  },
  codeExpired: {
    ru: 'Код недействителен или истёк. Запросите новый код',
    en: 'The code is invalid or has expired. Please request a new code',
    es: 'El código no es válido o ha caducado. Solicite un código nuevo',
  },
  codeTooManyAttempts: {
    ru: 'Слишком много неверных попыток. Запросите новый код',
    en: 'Too many wrong attempts. Please request a new code',
    es: 'Demasiados intentos fallidos. Solicite un código nuevo',
  },
  verificationLinkInvalid: {
    ru: 'Недействительная или просроченная ссылка подтверждения',
    en: 'Invalid or expired verification link',
    es: 'Enlace de verificación no válido o caducado',
  },
  resetLinkInvalid: {
    ru: 'Ссылка для сброса пароля недействительна или устарела. Запросите новую',
    en: 'The password reset link is invalid or has expired. Please request a new one',
    es: 'El enlace para restablecer la contraseña no es válido o ha caducado. Solicite uno nuevo',
  },
  currentPasswordWrong: {
    ru: 'Текущий пароль указан неверно',
    en: 'The current password is wrong',
    es: 'La contraseña actual es incorrecta',
  },
  passwordWrong: { ru: 'Неверный пароль', en: 'Wrong password', es: 'Contraseña incorrecta' },
  resendTooSoon: {
    ru: 'Новый код можно запросить чуть позже. Подождите несколько секунд',
    en: 'You can request a new code a little later. Please wait a few seconds',
    es: 'Podrá solicitar un código nuevo un poco más tarde. Espere unos segundos',
  },
  authRateLimited: {
    ru: 'Слишком много попыток. Попробуйте снова через несколько минут',
    en: 'Too many attempts. Please try again in a few minutes',
    es: 'Demasiados intentos. Inténtelo de nuevo en unos minutos',
  },
  // Success messages of the auth and profile calls.
  registered: {
    ru: 'Мы отправили код подтверждения на ваш email. Введите его, чтобы завершить регистрацию',
    en: 'We have sent a verification code to your email. Enter it to finish signing up',
    es: 'Hemos enviado un código de verificación a su correo. Introdúzcalo para completar el registro',
  },
  emailVerified: {
    ru: 'Email подтверждён. Добро пожаловать!',
    en: 'Email confirmed. Welcome!',
    es: 'Correo confirmado. ¡Bienvenido!',
  },
  codeResent: { ru: 'Код отправлен повторно', en: 'The code has been sent again', es: 'El código se ha reenviado' },
  loggedIn: { ru: 'Успешный вход в систему', en: 'Signed in successfully', es: 'Sesión iniciada correctamente' },
  loggedOut: { ru: 'Вы вышли из системы', en: 'You have signed out', es: 'Ha cerrado la sesión' },
  resetLinkSent: {
    ru: 'Если аккаунт с этим email существует, мы отправили на него ссылку для сброса пароля',
    en: 'If an account with this email exists, we have sent it a password reset link',
    es: 'Si existe una cuenta con este correo, le hemos enviado un enlace para restablecer la contraseña',
  },
  passwordResetDone: {
    ru: 'Пароль изменён. Войдите с новым паролем',
    en: 'Your password has been changed. Sign in with the new password',
    es: 'Su contraseña se ha cambiado. Inicie sesión con la nueva contraseña',
  },
  passwordChanged: {
    ru: 'Пароль успешно изменён',
    en: 'Password changed successfully',
    es: 'Contraseña cambiada correctamente',
  },
  profileUpdated: { ru: 'Профиль обновлён', en: 'Profile updated', es: 'Perfil actualizado' },
  accountDeleted: {
    ru: 'Ваш аккаунт удалён',
    en: 'Your account has been deleted',
    es: 'Su cuenta ha sido eliminada',
  },
  // ---- orders and cart
  quantityInvalid: {
    ru: 'Количество должно быть целым числом от 1 до 99',
    en: 'Quantity must be a whole number from 1 to 99',
    es: 'La cantidad debe ser un número entero de 1 a 99',
  },
  textTooLong: { ru: 'Слишком длинный текст', en: 'The text is too long', es: 'El texto es demasiado largo' },
  firstNameRequired: { ru: 'Укажите имя', en: 'Enter your first name', es: 'Indique su nombre' },
  lastNameRequired: { ru: 'Укажите фамилию', en: 'Enter your last name', es: 'Indique sus apellidos' },
  phoneRequired: { ru: 'Укажите телефон', en: 'Enter your phone number', es: 'Indique su teléfono' },
  termsRequired: {
    ru: 'Необходимо согласиться с условиями',
    en: 'You must accept the terms',
    es: 'Debe aceptar las condiciones',
  },
  orderEmpty: { ru: 'Корзина пуста', en: 'The cart is empty', es: 'El carrito está vacío' },
  orderTooManyLines: {
    ru: 'Слишком много позиций в заказе',
    en: 'Too many lines in the order',
    es: 'Demasiadas líneas en el pedido',
  },
  addressRequired: {
    ru: 'Для этого способа доставки укажите страну, город, адрес и индекс',
    en: 'This delivery method needs a country, city, address and postal code',
    es: 'Este método de envío necesita país, ciudad, dirección y código postal',
  },
  pickupPointRequired: {
    ru: 'Укажите адрес пункта выдачи',
    en: 'Enter the pickup point address',
    es: 'Indique la dirección del punto de recogida',
  },
  paymentMethodNotAllowed: {
    ru: 'Этот способ оплаты недоступен для выбранной валюты',
    en: 'This payment method is not available for the chosen currency',
    es: 'Este método de pago no está disponible para la moneda elegida',
  },
  itemUnavailable: {
    ru: 'Некоторые товары больше недоступны',
    en: 'Some items are no longer available',
    es: 'Algunos artículos ya no están disponibles',
  },
  outOfStock: {
    ru: 'Недостаточно товара на складе',
    en: 'Not enough of this item in stock',
    es: 'No hay suficientes unidades en stock',
  },
  /** {name} = the product in the reply's language, {available} = what is left now. */
  stockExceeded: {
    ru: 'Товара «{name}» в наличии: {available} шт.; уменьшите количество',
    en: 'Only {available} of “{name}” left in stock; please lower the quantity',
    es: 'Solo quedan {available} unidades de «{name}»; reduzca la cantidad',
  },
  /** {max} = MAX_OPEN_UNPAID_ORDERS. */
  tooManyOpenOrders: {
    ru: 'Достигнут предел неоплаченных заказов ({max}). Оплатите один из них или дождитесь его автоматической отмены',
    en: 'You already have {max} unpaid orders. Pay one of them or wait until it is cancelled automatically',
    es: 'Ya tiene {max} pedidos sin pagar. Pague uno de ellos o espere a que se cancele automáticamente',
  },
  notSoldInCurrency: {
    ru: 'Некоторые товары не продаются в выбранной валюте',
    en: 'Some items are not sold in the chosen currency',
    es: 'Algunos artículos no se venden en la moneda elegida',
  },
  bookFormatInvalid: {
    ru: 'Выберите формат книги',
    en: 'Choose the book format',
    es: 'Elija el formato del libro',
  },
  lessonQuantityOne: {
    ru: 'Урок покупается один раз',
    en: 'A lesson is bought once',
    es: 'Una lección se compra una sola vez',
  },
  lessonAlreadyOwned: {
    ru: 'Этот урок у вас уже есть',
    en: 'You already own this lesson',
    es: 'Ya tiene esta lección',
  },
  orderTransitionNotAllowed: {
    ru: 'Такая смена статуса заказа недопустима',
    en: 'This order status change is not allowed',
    es: 'Este cambio de estado del pedido no está permitido',
  },
  orderNotPayable: {
    ru: 'Этот заказ нельзя оплатить',
    en: 'This order cannot be paid',
    es: 'Este pedido no se puede pagar',
  },
  orderCreated: { ru: 'Заказ оформлен', en: 'Order placed', es: 'Pedido realizado' },
  cartLoginRequired: {
    ru: 'Войдите, чтобы добавлять товары в корзину',
    en: 'Please log in to add items to cart',
    es: 'Inicie sesión para añadir artículos al carrito',
  },
  // ---- payments and digital delivery (issue 6)
  ...PAYMENT_MESSAGES,
} satisfies Record<string, Texts>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

export function serverMessage(key: ServerMessageKey, lang: Language): string {
  return SERVER_MESSAGES[key][lang];
}
