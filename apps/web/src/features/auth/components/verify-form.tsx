import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { FormProblem, SubmitButton, TextField } from '../../../shared/ui/form-field';
import { toast } from '../../../shared/ui/toast';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { CODE_LENGTH, codeDigits } from '../auth-schemas';

/** Seconds before another code may be requested. */
export const RESEND_COOLDOWN_SECONDS = 60;

export function VerifyForm({ email: initialEmail, onVerified }: { email: string; onVerified: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [digits, setDigits] = useState<string[]>(() => Array(CODE_LENGTH).fill(''));
  const [problem, setProblem] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(initialEmail ? RESEND_COOLDOWN_SECONDS : 0);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown(cooldown - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const fill = (start: number, chars: string[]) => {
    const next = [...digits];
    chars.forEach((char, offset) => {
      if (start + offset < CODE_LENGTH) next[start + offset] = char;
    });
    setDigits(next);
    boxes.current[Math.min(start + chars.length, CODE_LENGTH - 1)]?.focus();
  };

  const onChange = (index: number, value: string) => {
    const chars = codeDigits(value);
    if (chars.length === 0) {
      const next = [...digits];
      next[index] = '';
      setDigits(next);
      return;
    }
    fill(index, chars);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) boxes.current[index - 1]?.focus();
    if (event.key === 'ArrowLeft' && index > 0) boxes.current[index - 1]?.focus();
    if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, codeDigits(event.clipboardData.getData('text')));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = digits.join('');
    if (code.length !== CODE_LENGTH) return setProblem(t('auth.errors.codeIncomplete'));
    if (!email.trim()) return setProblem(t('auth.errors.emailRequired'));
    setProblem(null);
    verify.mutate(
      { email: email.trim(), code },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? t('auth.verified'));
          onVerified();
        },
        onError: (error) => setProblem(errorMessage(error, t('auth.verifyFailed'))),
      },
    );
  };

  const sendAgain = () => {
    if (!email.trim()) return setProblem(t('auth.errors.emailRequired'));
    resend.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          toast.success(t('auth.codeResent'));
          setCooldown(RESEND_COOLDOWN_SECONDS);
        },
        onError: (error) => toast.error(errorMessage(error, t('auth.resendFailed'))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-ink-soft">{t('auth.verifyText')}</p>
      <TextField
        id={`${id}-email`}
        label={t('auth.email')}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
      />
      <fieldset>
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
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              maxLength={CODE_LENGTH}
              aria-label={t('auth.digit', { number: index + 1 })}
              className="h-14 w-full min-w-0 max-w-14 rounded-2xl border border-line bg-white text-center font-serif text-3xl font-semibold text-ink focus:border-rose-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-rose-600"
            />
          ))}
        </div>
      </fieldset>
      <FormProblem>{problem}</FormProblem>
      <SubmitButton pending={verify.isPending}>{t('auth.verifySubmit')}</SubmitButton>
      <button
        type="button"
        className="btn btn-ghost btn-sm self-center"
        disabled={cooldown > 0 || resend.isPending}
        onClick={sendAgain}
      >
        {cooldown > 0 ? t('auth.resendIn', { count: cooldown }) : t('auth.resend')}
      </button>
    </form>
  );
}
