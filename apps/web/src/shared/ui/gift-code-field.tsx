import { type Currency, formatMoney, type GiftBalance, looksLikeGiftCode } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/api-error';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from '../i18n/use-translation';
import { TextField } from './form-field';

/** Asks the server what is left on a code (the gift-certificates feature hands it in). */
export type GiftCodeCheck = (code: string, signal: AbortSignal) => Promise<GiftBalance>;

export type GiftCodeState =
  | { status: 'empty' }
  /** Typed, but not 16 symbols of the code alphabet yet. */
  | { status: 'incomplete' }
  | { status: 'checking' }
  | { status: 'valid'; balance: GiftBalance }
  | { status: 'invalid'; message: string };

/** Wait this long after the last keystroke before asking the server about a code. */
const CHECK_DELAY_MS = 400;

/** Checks a typed code as it is typed, once it has the length of one (debounced, stale answers dropped). */
export function useGiftCodeCheck(check: GiftCodeCheck, code: string): GiftCodeState {
  const { t } = useTranslation();
  const [state, setState] = useState<GiftCodeState>({ status: 'empty' });
  // The page hands a new `check` on every render; what it asks stays the same.
  const checkRef = useRef(check);
  checkRef.current = check;
  useEffect(() => {
    if (code.trim() === '') {
      setState({ status: 'empty' });
      return;
    }
    if (!looksLikeGiftCode(code)) {
      setState({ status: 'incomplete' });
      return;
    }
    setState({ status: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkRef.current(code, controller.signal).then(
        (balance) => setState({ status: 'valid', balance }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            setState({ status: 'invalid', message: errorMessage(error, t('giftCertificates.code.failed')) });
          }
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [code, t]);
  return state;
}

/**
 * Whether an order in `currency` may go ahead with what the field holds: nothing typed, or a code
 * with something left in that currency. Otherwise the reason, to show on the field.
 */
export function giftCodeProblem(
  state: GiftCodeState,
  currency: Currency,
): null | 'checking' | 'incomplete' | 'currency' | 'empty' | 'invalid' {
  switch (state.status) {
    case 'empty':
      return null;
    case 'valid':
      if (state.balance.currency !== currency) return 'currency';
      return state.balance.balance > 0 ? null : 'empty';
    default:
      return state.status;
  }
}

/**
 * "Gift certificate code" at checkout and in the purchase dialog: the code is checked as it is
 * typed and what is left on it shown; a certificate in another currency than the order's, or
 * with nothing left, is said so at once (the server decides all the same when the order is placed).
 */
export function GiftCodeField({
  id,
  value,
  onChange,
  state,
  currency,
  showError = false,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  state: GiftCodeState;
  /** The order's currency. */
  currency: Currency;
  /** After a submit: an incomplete code is an error, not a hint. */
  showError?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const problem = giftCodeProblem(state, currency);
  const error =
    state.status === 'invalid'
      ? state.message
      : problem === 'currency' && state.status === 'valid'
        ? t('giftCertificates.code.otherCurrency', { currency: state.balance.currency, order: currency })
        : problem === 'empty'
          ? t('giftCertificates.code.nothingLeft')
          : problem === 'incomplete' && showError
            ? t('giftCertificates.code.incomplete')
            : undefined;
  return (
    <div className={className}>
      <TextField
        id={id}
        label={t('giftCertificates.code.label')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={t('giftCertificates.code.hint')}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        inputClassName="uppercase tracking-wider"
      />
      <p role="status" className="mt-1 min-h-5 text-sm text-sage-700">
        {state.status === 'checking'
          ? t('giftCertificates.code.checking')
          : state.status === 'valid' && problem === null
            ? t('giftCertificates.code.balance', {
                balance: formatMoney(state.balance.balance, state.balance.currency, language),
              })
            : ''}
      </p>
    </div>
  );
}
