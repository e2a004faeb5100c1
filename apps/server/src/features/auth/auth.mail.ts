/**
 * The account mails (verification code + link, reset link, password changed, registration attempt
 * on an existing account), each as text and HTML in the language of the request that caused it.
 * Pure functions: the service enqueues what they return in its own transaction.
 */
import type { Language } from '@atelier/shared';
import type { MailMessage } from '../../platform/mail/mail';

type Texts = Record<Language, string>;

const SITE = 'Atelier';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Body {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A big code shown on its own line. */
  code?: string;
  action?: { label: string; url: string };
  footer: string;
}

function render(to: string, lang: Language, body: Body): MailMessage {
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.code ? [body.code, ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    body.footer,
    '',
    `— ${SITE}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#fbf7f4;font-family:Georgia,'Times New Roman',serif;color:#3b2f2f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;margin:0 0 16px">${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${body.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;margin:24px 0">${escapeHtml(body.code)}</p>` : ''}
${
  body.action
    ? `<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#b5606f;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-size:16px">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:13px;color:#7a6a6a;word-break:break-all">${escapeHtml(body.action.url)}</p>`
    : ''
}
<p style="font-size:13px;color:#7a6a6a;margin:24px 0 0">${escapeHtml(body.footer)}</p>
<p style="font-size:13px;color:#7a6a6a">— ${SITE}</p>
</td></tr></table>
</body></html>`;
  return { to, subject: body.subject, text, html };
}

const pick = (texts: Texts, lang: Language) => texts[lang];
const hello = (name: string): Texts => ({
  ru: `Здравствуйте, ${name}!`,
  en: `Hello, ${name}!`,
  es: `¡Hola, ${name}!`,
});

export function verificationMail(args: {
  to: string;
  name: string;
  code: string;
  link: string;
  lang: Language;
}): MailMessage {
  const { lang } = args;
  return render(args.to, lang, {
    subject: pick(
      {
        ru: `Код подтверждения: ${args.code}`,
        en: `Your verification code: ${args.code}`,
        es: `Su código de verificación: ${args.code}`,
      },
      lang,
    ),
    greeting: pick(hello(args.name), lang),
    paragraphs: [
      pick(
        {
          ru: 'Чтобы завершить регистрацию, введите этот код на сайте. Код действует 15 минут.',
          en: 'To finish signing up, enter this code on the site. The code is valid for 15 minutes.',
          es: 'Para completar el registro, introduzca este código en el sitio. El código es válido durante 15 minutos.',
        },
        lang,
      ),
    ],
    code: args.code,
    action: {
      label: pick(
        {
          ru: 'Или подтвердите email одним нажатием',
          en: 'Or confirm your email in one click',
          es: 'O confirme su correo con un clic',
        },
        lang,
      ),
      url: args.link,
    },
    footer: pick(
      {
        ru: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
        en: 'If you did not sign up, simply ignore this email.',
        es: 'Si no se ha registrado, ignore este correo.',
      },
      lang,
    ),
  });
}

export function registrationAttemptMail(args: {
  to: string;
  name: string;
  resetLink: string;
  lang: Language;
}): MailMessage {
  const { lang } = args;
  return render(args.to, lang, {
    subject: pick(
      {
        ru: 'Попытка регистрации с вашим email',
        en: 'Someone tried to sign up with your email',
        es: 'Alguien intentó registrarse con su correo',
      },
      lang,
    ),
    greeting: pick(hello(args.name), lang),
    paragraphs: [
      pick(
        {
          ru: 'Кто-то попытался зарегистрироваться с этим email, но у вас уже есть аккаунт. Новый аккаунт не создан.',
          en: 'Someone tried to sign up with this email, but you already have an account. No new account was created.',
          es: 'Alguien intentó registrarse con este correo, pero ya tiene una cuenta. No se ha creado ninguna cuenta nueva.',
        },
        lang,
      ),
      pick(
        {
          ru: 'Если это были вы и вы забыли пароль, его можно восстановить:',
          en: 'If it was you and you forgot your password, you can reset it:',
          es: 'Si fue usted y olvidó su contraseña, puede restablecerla:',
        },
        lang,
      ),
    ],
    action: {
      label: pick({ ru: 'Восстановить пароль', en: 'Reset password', es: 'Restablecer contraseña' }, lang),
      url: args.resetLink,
    },
    footer: pick(
      {
        ru: 'Если это были не вы, ничего делать не нужно: ваш аккаунт в безопасности.',
        en: 'If it was not you, there is nothing to do: your account is safe.',
        es: 'Si no fue usted, no tiene que hacer nada: su cuenta está segura.',
      },
      lang,
    ),
  });
}

export function resetPasswordMail(args: { to: string; name: string; link: string; lang: Language }): MailMessage {
  const { lang } = args;
  return render(args.to, lang, {
    subject: pick({ ru: 'Сброс пароля', en: 'Password reset', es: 'Restablecer la contraseña' }, lang),
    greeting: pick(hello(args.name), lang),
    paragraphs: [
      pick(
        {
          ru: 'Мы получили запрос на сброс пароля. Ссылка действует 1 час и может быть использована один раз.',
          en: 'We received a request to reset your password. The link is valid for 1 hour and works once.',
          es: 'Hemos recibido una solicitud para restablecer su contraseña. El enlace es válido durante 1 hora y funciona una sola vez.',
        },
        lang,
      ),
    ],
    action: {
      label: pick({ ru: 'Задать новый пароль', en: 'Set a new password', es: 'Establecer una nueva contraseña' }, lang),
      url: args.link,
    },
    footer: pick(
      {
        ru: 'Если вы не запрашивали сброс, проигнорируйте это письмо: пароль останется прежним.',
        en: 'If you did not ask for this, ignore this email: your password stays the same.',
        es: 'Si no lo ha solicitado, ignore este correo: su contraseña no cambiará.',
      },
      lang,
    ),
  });
}

export function passwordChangedMail(args: {
  to: string;
  name: string;
  resetLink: string;
  lang: Language;
}): MailMessage {
  const { lang } = args;
  return render(args.to, lang, {
    subject: pick({ ru: 'Пароль изменён', en: 'Your password was changed', es: 'Su contraseña ha cambiado' }, lang),
    greeting: pick(hello(args.name), lang),
    paragraphs: [
      pick(
        {
          ru: 'Пароль вашего аккаунта только что был изменён. Другие сеансы входа завершены.',
          en: 'The password of your account has just been changed. Your other sessions have been signed out.',
          es: 'La contraseña de su cuenta se acaba de cambiar. Sus otras sesiones se han cerrado.',
        },
        lang,
      ),
    ],
    action: {
      label: pick(
        {
          ru: 'Это были не вы? Восстановите доступ',
          en: 'Not you? Recover your account',
          es: '¿No fue usted? Recupere su cuenta',
        },
        lang,
      ),
      url: args.resetLink,
    },
    footer: pick(
      {
        ru: 'Если это были вы, ничего делать не нужно.',
        en: 'If it was you, there is nothing to do.',
        es: 'Si fue usted, no tiene que hacer nada.',
      },
      lang,
    ),
  });
}
