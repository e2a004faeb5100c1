import { formatMoney, type GiftBalance } from '@atelier/shared';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api/api-error';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { TextField } from './form-field';
import type { GiftCodeCheck } from './gift-code-field';

/** "What is left on my certificate?": a code, a button, the balance (or why there is none). */
export function GiftBalanceCheck({ check, className }: { check: GiftCodeCheck; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ balance: GiftBalance } | { error: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setResult({ error: t('giftCertificates.code.required') });
      return;
    }
    setPending(true);
    try {
      setResult({ balance: await check(code, new AbortController().signal) });
    } catch (error) {
      setResult({ error: errorMessage(error, t('giftCertificates.code.failed')) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={className}>
      <div className="flex flex-col gap-3">
        <TextField
          id={`${id}-code`}
          label={t('giftCertificates.code.label')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setResult(null);
          }}
          error={result && 'error' in result ? result.error : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          inputClassName="uppercase tracking-wider"
        />
        <button type="submit" className="btn btn-outline self-start" disabled={pending}>
          {pending ? t('giftCertificates.code.checking') : t('giftCertificates.check.button')}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 font-semibold text-sage-700">
        {result && 'balance' in result
          ? t('giftCertificates.check.result', {
              balance: formatMoney(result.balance.balance, result.balance.currency, language),
              amount: formatMoney(result.balance.amount, result.balance.currency, language),
            })
          : ''}
      </p>
    </form>
  );
}
