/**
 * The account mails (verification code + link, reset link, password changed, registration attempt
 * on an existing account): their words, in the language of the request that caused them; the look
 * is the one mail layout. Pure functions: the service enqueues what they return in its own
 * transaction.
 */
import { fillText, type Language, type Texts } from '@atelier/shared';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mail';

export const AUTH_MAIL_TEXTS = {
  hello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  verifySubject: {
    ru: 'Код подтверждения: {code}',
    en: 'Your verification code: {code}',
    es: 'Su código de verificación: {code}',
  },
  verifyText: {
    ru: 'Чтобы завершить регистрацию, введите этот код на сайте. Код действует 15 минут.',
    en: 'To finish signing up, enter this code on the site. The code is valid for 15 minutes.',
    es: 'Para completar el registro, introduzca este código en el sitio. El código es válido durante 15 minutos.',
  },
  verifyAction: {
    ru: 'Или подтвердите email одним нажатием',
    en: 'Or confirm your email in one click',
    es: 'O confirme su correo con un clic',
  },
  verifyFooter: {
    ru: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
    en: 'If you did not sign up, simply ignore this email.',
    es: 'Si no se ha registrado, ignore este correo.',
  },
  attemptSubject: {
    ru: 'Попытка регистрации с вашим email',
    en: 'Someone tried to sign up with your email',
    es: 'Alguien intentó registrarse con su correo',
  },
  attemptText: {
    ru: 'Кто-то попытался зарегистрироваться с этим email, но у вас уже есть аккаунт. Новый аккаунт не создан.',
    en: 'Someone tried to sign up with this email, but you already have an account. No new account was created.',
    es: 'Alguien intentó registrarse con este correo, pero ya tiene una cuenta. No se ha creado ninguna cuenta nueva.',
  },
  attemptReset: {
    ru: 'Если это были вы и вы забыли пароль, его можно восстановить:',
    en: 'If it was you and you forgot your password, you can reset it:',
    es: 'Si fue usted y olvidó su contraseña, puede restablecerla:',
  },
  attemptAction: { ru: 'Восстановить пароль', en: 'Reset password', es: 'Restablecer contraseña' },
  attemptFooter: {
    ru: 'Если это были не вы, ничего делать не нужно: ваш аккаунт в безопасности.',
    en: 'If it was not you, there is nothing to do: your account is safe.',
    es: 'Si no fue usted, no tiene que hacer nada: su cuenta está segura.',
  },
  resetSubject: { ru: 'Сброс пароля', en: 'Password reset', es: 'Restablecer la contraseña' },
  resetText: {
    ru: 'Мы получили запрос на сброс пароля. Ссылка действует 1 час и может быть использована один раз.',
    en: 'We received a request to reset your password. The link is valid for 1 hour and works once.',
    es: 'Hemos recibido una solicitud para restablecer su contraseña. El enlace es válido durante 1 hora y funciona una sola vez.',
  },
  resetAction: { ru: 'Задать новый пароль', en: 'Set a new password', es: 'Establecer una nueva contraseña' },
  resetFooter: {
    ru: 'Если вы не запрашивали сброс, проигнорируйте это письмо: пароль останется прежним.',
    en: 'If you did not ask for this, ignore this email: your password stays the same.',
    es: 'Si no lo ha solicitado, ignore este correo: su contraseña no cambiará.',
  },
  changedSubject: { ru: 'Пароль изменён', en: 'Your password was changed', es: 'Su contraseña ha cambiado' },
  changedText: {
    ru: 'Пароль вашего аккаунта только что был изменён. Другие сеансы входа завершены.',
    en: 'The password of your account has just been changed. Your other sessions have been signed out.',
    es: 'La contraseña de su cuenta se acaba de cambiar. Sus otras sesiones se han cerrado.',
  },
  changedAction: {
    ru: 'Это были не вы? Восстановите доступ',
    en: 'Not you? Recover your account',
    es: '¿No fue usted? Recupere su cuenta',
  },
  changedFooter: {
    ru: 'Если это были вы, ничего делать не нужно.',
    en: 'If it was you, there is nothing to do.',
    es: 'Si fue usted, no tiene que hacer nada.',
  },
} satisfies Record<string, Texts>;

type Key = keyof typeof AUTH_MAIL_TEXTS;

/** An account mail: greeting by name, its paragraphs, one button and its small print. */
function accountMail(
  args: { to: string; name: string; lang: Language },
  parts: { subject: string; texts: Key[]; action: Key; url: string; footer: Key; code?: string },
): MailMessage {
  const t = (key: Key) => AUTH_MAIL_TEXTS[key][args.lang];
  return {
    to: args.to,
    ...renderMail({
      lang: args.lang,
      subject: parts.subject,
      greeting: fillText(t('hello'), { name: args.name }),
      blocks: parts.texts.map(t),
      ...(parts.code ? { code: parts.code } : {}),
      actions: [{ label: t(parts.action), url: parts.url }],
      footer: t(parts.footer),
    }),
  };
}

export function verificationMail(args: {
  to: string;
  name: string;
  code: string;
  link: string;
  lang: Language;
}): MailMessage {
  return accountMail(args, {
    subject: fillText(AUTH_MAIL_TEXTS.verifySubject[args.lang], { code: args.code }),
    texts: ['verifyText'],
    code: args.code,
    action: 'verifyAction',
    url: args.link,
    footer: 'verifyFooter',
  });
}

export function registrationAttemptMail(args: {
  to: string;
  name: string;
  resetLink: string;
  lang: Language;
}): MailMessage {
  return accountMail(args, {
    subject: AUTH_MAIL_TEXTS.attemptSubject[args.lang],
    texts: ['attemptText', 'attemptReset'],
    action: 'attemptAction',
    url: args.resetLink,
    footer: 'attemptFooter',
  });
}

export function resetPasswordMail(args: { to: string; name: string; link: string; lang: Language }): MailMessage {
  return accountMail(args, {
    subject: AUTH_MAIL_TEXTS.resetSubject[args.lang],
    texts: ['resetText'],
    action: 'resetAction',
    url: args.link,
    footer: 'resetFooter',
  });
}

export function passwordChangedMail(args: {
  to: string;
  name: string;
  resetLink: string;
  lang: Language;
}): MailMessage {
  return accountMail(args, {
    subject: AUTH_MAIL_TEXTS.changedSubject[args.lang],
    texts: ['changedText'],
    action: 'changedAction',
    url: args.resetLink,
    footer: 'changedFooter',
  });
}
