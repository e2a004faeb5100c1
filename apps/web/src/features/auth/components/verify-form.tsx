import { EmailSchema, RESEND_COOLDOWN_SECONDS } from '@atelier/shared';
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { retryAfterSeconds } from '../../../shared/forms/server-errors';
import { isServerMessageKey, useServerText } from '../../../shared/i18n/server-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormProblem, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useResendVerification } from '../api/resend-verification';
import { type SetPasswordState, setPasswordPath, useVerifyEmail } from '../api/verify-email';
import { CODE_LENGTH, codeDigits } from '../auth-schemas';

const emptyCode = () => Array<string>(CODE_LENGTH).fill('');

/**
 * The email-code step: six boxes (typing moves on, Backspace moves back, a pasted or autofilled
 * code fills them all), and "send again" behind a visible countdown (the server's own limit).
 */
export function VerifyForm({
  email: initialEmail,
  codeJustSent,
  notice,
}: {
  email: string;
  /** A code was mailed a moment ago (registration): start with the resend countdown running. */
  codeJustSent: boolean;
  /** Shown above the form, e.g. why login led here. */
  notice?: string;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [problem, setProblem] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(codeJustSent && initialEmail ? RESEND_COOLDOWN_SECONDS : 0);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown(cooldown - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  // Just registered (the page may be scrolled down to the form's button, a toast at the top): the
  // code step starts from the top of the page, its instruction in view and the first box focused.
  const instruction = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!codeJustSent) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const first = boxes.current[0];
    if (first && first.getBoundingClientRect().bottom > window.innerHeight) {
      instruction.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    }
    first?.focus({ preventScroll: true });
  }, [codeJustSent]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(index, CODE_LENGTH - 1))]?.focus();

  const fill = (start: number, chars: string[]) => {
    const next = [...digits];
    chars.forEach((char, offset) => {
      if (start + offset < CODE_LENGTH) next[start + offset] = char;
    });
    setDigits(next);
    setProblem(null);
    // The sixth digit typed, or a whole code pasted: send it, no button to look for.
    if (next.every(Boolean) && !verify.isPending) {
      send(next.join(''));
      return;
    }
    focusBox(start + chars.length);
  };

  const onChange = (index: number, value: string) => {
    const chars = codeDigits(value);
    if (chars.length === 0) {
      const next = [...digits];
      next[index] = '';
      setDigits(next);
      return;
    }
    // A box holding a digit gets the new one typed after it: keep the last character typed.
    fill(index, chars.length === 2 && digits[index] ? [chars[1] as string] : chars);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      // An empty box: Backspace removes the digit before it, as in one text field.
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      setDigits(next);
      focusBox(index - 1);
    }
    if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    }
    if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const chars = codeDigits(event.clipboardData.getData('text'));
    // A whole code pasted anywhere fills all six boxes from the first.
    fill(chars.length === CODE_LENGTH ? 0 : index, chars);
  };

  /** The address, checked with the API's own rule; null (and the message shown) when wrong. */
  const checkedEmail = (): string | null => {
    const result = EmailSchema.safeParse(email);
    if (result.success) {
      setEmailProblem(null);
      return result.data;
    }
    const key = result.error.issues[0]?.message;
    setEmailProblem(isServerMessageKey(key) ? serverText(key) : serverText('emailInvalid'));
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(digits.join(''));
  };

  const send = (code: string) => {
    const address = checkedEmail();
    if (code.length !== CODE_LENGTH) {
      setProblem(serverText('codeIncomplete'));
      focusBox(digits.indexOf(''));
      return;
    }
    if (!address) return;
    setProblem(null);
    verify.mutate(
      { email: address, code },
      {
        // Success starts the session (toast included); /auth then redirects (see AuthPage). A
        // contested address kept no password: the person chooses one first.
        onSuccess: (result) => {
          const setPassword = setPasswordPath(result);
          if (!setPassword) return;
          const state: SetPasswordState = { contested: true };
          void navigate(setPassword, { replace: true, state });
        },
        onError: (error) => {
          setProblem(errorMessage(error, t('auth.verifyFailed')));
          setDigits(emptyCode());
          focusBox(0);
        },
      },
    );
  };

  const sendAgain = () => {
    const address = checkedEmail();
    if (!address) return;
    setProblem(null);
    resend.mutate(
      { email: address },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? t('auth.codeResent'));
          setCooldown(RESEND_COOLDOWN_SECONDS);
        },
        onError: (error) => {
          // Too soon: the server says how long to wait, and the countdown shows it.
          const wait = retryAfterSeconds(error);
          if (wait) setCooldown(wait);
          setProblem(errorMessage(error, t('auth.resendFailed')));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {notice ? (
        <p role="status" className="rounded-2xl bg-blush-100 px-4 py-3 text-sm font-medium text-rose-800">
          {notice}
        </p>
      ) : null}
      <p ref={instruction} className="scroll-mt-24 text-sm text-ink-soft">
        {t('auth.verifyText')}
      </p>
      <TextField
        id={`${id}-email`}
        label={t('auth.email')}
        type="email"
        value={email}
        error={emailProblem}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
      />
      <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
        <legend className="field-label">{t('auth.code')}</legend>
        <div className="flex justify-between gap-1.5 sm:gap-2.5">
          {digits.map((digit, index) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, not items
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              value={digit}
              onChange={(event) => onChange(index, event.target.value)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
              onFocus={(event) => event.target.select()}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              maxLength={CODE_LENGTH}
              aria-label={t('auth.digit', { number: index + 1 })}
              aria-invalid={problem && !digit ? true : undefined}
              className="figures h-14 w-full min-w-0 max-w-14 rounded-2xl border border-line bg-white text-center font-serif text-3xl font-semibold text-ink focus:border-rose-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-rose-600 aria-invalid:border-rose-600"
            />
          ))}
        </div>
      </fieldset>
      {problem ? (
        <div id={`${id}-problem`}>
          <FormProblem>{problem}</FormProblem>
        </div>
      ) : null}
      <SubmitButton pending={verify.isPending}>{t('auth.verifySubmit')}</SubmitButton>
      <div className="flex flex-col items-center gap-1 text-center">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={cooldown > 0 || resend.isPending}
          onClick={sendAgain}
        >
          {t('auth.resend')}
        </button>
        {/* Announced politely once, not every second: the live text changes only at start and end. */}
        <p className="text-sm text-muted" aria-live="polite">
          {cooldown > 0 ? (
            <span>
              <span className="sr-only">{t('auth.resendWait')}</span>
              <span aria-hidden="true">{t('auth.resendIn', { count: cooldown })}</span>
            </span>
          ) : null}
        </p>
      </div>
    </form>
  );
}
