/**
 * The custom request form: what its inputs hold, the body `POST /custom-orders` receives (checked
 * with the same shared schema as on the server), and the form's own date rule.
 */
import { type CreateCustomRequestBody, type Currency, customDateProblem } from '@atelier/shared';
import { parseMoney } from '@atelier/shared/money-text';
import { moneyRules } from '../../shared/forms/money-input';
import type { FormRuleProblem } from '../../shared/forms/write-resolver';

export interface RequestForm {
  occasion: string;
  occasionOther: string;
  dateNeeded: string;
  colours: string;
  budget: string;
  budgetCurrency: string;
  description: string;
}

export const REQUEST_FIELDS = [
  'occasion',
  'occasionOther',
  'dateNeeded',
  'colours',
  'budget',
  'budgetCurrency',
  'description',
] as const;

export const EMPTY_REQUEST: RequestForm = {
  occasion: '',
  occasionOther: '',
  dateNeeded: '',
  colours: '',
  budget: '',
  budgetCurrency: '',
  description: '',
};

/** Today in the visitor's own calendar (the server checks against the shop's). */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The form's first values: the budget's currency is the one the visitor browses in (she may change it). */
export function requestFormDefaults(currency: Currency): RequestForm {
  return { ...EMPTY_REQUEST, budgetCurrency: currency };
}

/**
 * The body as sent: "other" only with its own occasion, a budget only with an amount (in the
 * currency chosen, else the visitor's own: never asked for), the portfolio piece when known.
 */
export function toRequestBody(
  form: RequestForm,
  portfolioItemId: string | null,
  currency: Currency,
): CreateCustomRequestBody {
  const budget = parseMoney(form.budget);
  return {
    occasion: form.occasion as CreateCustomRequestBody['occasion'],
    occasionOther: form.occasion === 'other' ? form.occasionOther.trim() || undefined : undefined,
    dateNeeded: form.dateNeeded,
    colours: form.colours,
    budget: budget === null ? undefined : budget,
    budgetCurrency:
      budget === null ? undefined : ((form.budgetCurrency || currency) as CreateCustomRequestBody['budgetCurrency']),
    description: form.description,
    ...(portfolioItemId ? { portfolioItemId } : {}),
  };
}

const budgetRules = moneyRules(['budget']);

/** A date before today is refused here already (the schema only knows it is a date); a budget is an amount. */
export function requestFormProblems(form: RequestForm, today: string): FormRuleProblem[] {
  const problem = form.dateNeeded ? customDateProblem(form.dateNeeded, today) : null;
  return [...(problem ? [{ path: 'dateNeeded', message: problem }] : []), ...budgetRules(form)];
}
