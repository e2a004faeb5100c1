/**
 * Texts of sign-up, sign-in, email verification and password reset: the field messages of the
 * shared auth schemas, the server's answers, and the head texts of the auth pages.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const AUTH_MESSAGES = {
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
  /** SIGNUPS_PER_IP_PER_DAY reached for the client address. */
  signupsPerAddressUsed: {
    ru: 'С этого адреса сегодня уже зарегистрировано много аккаунтов. Попробуйте завтра или войдите в существующий',
    en: 'Many accounts have already been registered from this address today. Try again tomorrow or sign in to an existing one',
    es: 'Hoy ya se han registrado muchas cuentas desde esta dirección. Inténtelo mañana o inicie sesión en una existente',
  },
  smartCaptchaRequired: {
    ru: 'Подтвердите, что вы не робот',
    en: 'Please confirm that you are not a robot',
    es: 'Confirme que no es un robot',
  },
  smartCaptchaFailed: {
    ru: 'Проверка «я не робот» не пройдена. Пройдите её ещё раз',
    en: 'The “not a robot” check failed. Please take it again',
    es: 'La comprobación «no soy un robot» no se superó. Vuelva a hacerla',
  },
  smartCaptchaUnavailable: {
    ru: 'Проверка «я не робот» сейчас недоступна. Попробуйте через несколько минут',
    en: 'The “not a robot” check is unavailable right now. Please try again in a few minutes',
    es: 'La comprobación «no soy un robot» no está disponible ahora. Inténtelo de nuevo en unos minutos',
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
  loginPaced: {
    ru: 'Слишком много неудачных входов в эту учётную запись за сутки. С нового устройства можно пробовать раз в несколько минут — или восстановите пароль по почте',
    en: 'Too many failed sign-ins to this account today. From a new device you can try once every few minutes, or reset the password by email',
    es: 'Demasiados inicios de sesión fallidos en esta cuenta hoy. Desde un dispositivo nuevo puede intentarlo una vez cada pocos minutos, o restablecer la contraseña por correo',
  },
  authRateLimited: {
    ru: 'Слишком много попыток. Попробуйте снова через несколько минут',
    en: 'Too many attempts. Please try again in a few minutes',
    es: 'Demasiados intentos. Inténtelo de nuevo en unos minutos',
  },
  // Success messages of the auth calls.
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
} satisfies Record<string, Texts>;

export const AUTH_PAGE_TEXTS = {
  auth: { title: pageTitle('auth') },
  verifyLink: { title: pageTitle('verifyLink') },
  login: { title: pageTitle('login') },
  register: { title: pageTitle('register') },
  forgotPassword: {
    title: pageTitle('forgotPassword'),
  },
  resetPassword: { title: pageTitle('resetPassword') },
} satisfies Record<string, PageText>;
