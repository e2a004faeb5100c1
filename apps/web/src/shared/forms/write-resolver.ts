import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';
import { isServerMessageKey, useServerText } from '../i18n/server-text';
import { useTranslation } from '../i18n/use-translation';

/** A rule of the form alone (a picked file, an image list), not of the body the API validates. */
export interface FormRuleProblem {
  /** The form field the message goes under (dot path, e.g. `images` or `price.rub`). */
  path: string;
  /** A text key the form's `errorText` understands (an i18n key, or a shared message key). */
  message: string;
  /** Shown instead of the schema's message on the same field (a typed amount that is not one). */
  overrides?: boolean;
}

/**
 * The admin editors' resolver: the form keeps what the inputs hold (typed strings, per-language
 * texts, picked images), `toBody` turns it into the exact body the API receives, and that body is
 * checked with the SAME shared zod schema the server validates it with. Field paths of the body
 * and of the form are the same, so each message lands under its input. On success the submit
 * handler gets the body as built (raw: the server parses it itself), so what is sent is what
 * `toBody` returns and nothing else.
 */
export function writeResolver<TForm extends FieldValues, TInput, TBody extends TInput & FieldValues>(
  schema: z.ZodType<unknown, TInput>,
  toBody: (form: TForm) => TBody,
  formRules?: (form: TForm) => readonly FormRuleProblem[],
): Resolver<TForm, unknown, TBody> {
  const check = zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true });
  const resolver: Resolver<TForm, unknown, TBody> = async (form, context, options) => {
    const body = toBody(form);
    const result = await check(body, context, options as never);
    return Object.keys(result.errors).length > 0
      ? { values: {}, errors: result.errors as FieldErrors<TForm> }
      : { values: body, errors: {} };
  };
  return formRules ? withFormRules(resolver, formRules) : resolver;
}

/**
 * Adds the form's own rules to a resolver, reported in the same pass as the schema's messages
 * (zod skips an object-level refinement while a field is wrong, so a rule written there would
 * show only once everything else is right). A rule replaces a schema message on its field only
 * when it `overrides` it.
 */
export function withFormRules<TForm extends FieldValues, TOut>(
  resolver: Resolver<TForm, unknown, TOut>,
  formRules: (form: TForm) => readonly FormRuleProblem[],
): Resolver<TForm, unknown, TOut> {
  return async (form, context, options) => {
    const result = await resolver(form, context, options);
    const problems = formRules(form).filter((problem) => problem.overrides || !get(result.errors, problem.path));
    if (problems.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<TForm>;
    for (const problem of problems) set(errors, problem.path, { type: 'form', message: problem.message });
    return { values: {}, errors };
  };
}

/** The error under `path` (nested paths such as `title.ru` or `price.eur`). */
export function errorAt(errors: FieldErrors, path: string): FieldError | undefined {
  const error = get(errors, path) as FieldError | undefined;
  return error && typeof error.message === 'string' ? error : undefined;
}

/**
 * '' → null; otherwise the number typed (a comma taken as the decimal point), NaN when it is not one.
 * Counts (stock, minutes, places); money goes through `parseMoney` (`@atelier/shared/money-text`).
 */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

/** A number as the input shows it: '' for none. */
export const numberText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * `(path) => text` of the message under a field. A form rule's message is an i18n key; `texts`
 * gives a field the words this form has always shown for it; a shared schema's message key is
 * translated the way the server translates it; a bare zod message becomes the shared "check the
 * highlighted fields" text (never raw English).
 */
export function useFieldMessage(errors: FieldErrors, texts: Readonly<Record<string, string>> = {}) {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  return (path: string): string | undefined => {
    const message = errorAt(errors, path)?.message;
    if (!message) return undefined;
    if (message.includes('.') && i18n.exists(message)) return t(message);
    const own = texts[path];
    if (own) return own;
    return serverText(isServerMessageKey(message) ? message : 'validation');
  };
}
