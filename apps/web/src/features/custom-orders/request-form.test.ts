import { CreateCustomRequestBody, type Currency } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REQUEST,
  type RequestForm,
  requestFormDefaults,
  requestFormProblems,
  toRequestBody,
} from './request-form';

const TODAY = '2026-03-10';
const PIECE = '6f1c1d2e-8d6a-4a55-9b7e-0c1f2a3b4c5d';

const filled = (extra: Partial<RequestForm> = {}): RequestForm => ({
  ...EMPTY_REQUEST,
  occasion: 'wedding',
  dateNeeded: '2026-05-01',
  colours: 'Ivory',
  description: 'A bridal bouquet of peonies',
  ...extra,
});

/** The messages by field the form would show, or the body it would send. */
function check(form: RequestForm, portfolioItemId: string | null = null, currency: Currency = 'RUB') {
  const body = toRequestBody(form, portfolioItemId, currency);
  const result = CreateCustomRequestBody.safeParse(body);
  const errors = [
    ...(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []),
    ...requestFormProblems(form, TODAY).map((problem) => [problem.path, problem.message]),
  ];
  return errors.length === 0 ? { body } : { errors };
}

describe('the custom request form', () => {
  it('sends what was typed, the budget with its currency and the portfolio piece', () => {
    expect(check(filled({ budget: '15000', budgetCurrency: 'RUB' }), PIECE)).toEqual({
      body: {
        occasion: 'wedding',
        dateNeeded: '2026-05-01',
        colours: 'Ivory',
        budget: 15000,
        budgetCurrency: 'RUB',
        description: 'A bridal bouquet of peonies',
        portfolioItemId: PIECE,
      },
    });
  });

  it('an empty form names every required field', () => {
    const result = check(EMPTY_REQUEST);
    expect(result.errors?.map(([path]) => path).sort()).toEqual(['colours', 'dateNeeded', 'description', 'occasion']);
  });

  it('"other" needs its own occasion; another occasion drops what was typed for it', () => {
    expect(check(filled({ occasion: 'other' })).errors).toEqual([['occasionOther', 'customOccasionOtherRequired']]);
    expect(check(filled({ occasion: 'other', occasionOther: ' Christening ' })).body?.occasionOther).toBe(
      'Christening',
    );
    expect(check(filled({ occasionOther: 'Christening' })).body?.occasionOther).toBeUndefined();
  });

  it('the budget’s currency starts as the visitor’s and is never required: a budget goes in the chosen one, else hers', () => {
    expect(requestFormDefaults('EUR').budgetCurrency).toBe('EUR');
    expect(
      check({ ...filled(), ...requestFormDefaults('USD'), ...filled({ budget: '8 500' }) }, null, 'USD').body,
    ).toMatchObject({
      budget: 8500,
      budgetCurrency: 'USD',
    });
    expect(check(filled({ budget: '100' }), null, 'EUR').body).toMatchObject({ budget: 100, budgetCurrency: 'EUR' });
    expect(check(filled({ budget: '100', budgetCurrency: 'RUB' }), null, 'EUR').body?.budgetCurrency).toBe('RUB');
  });

  it('a budget must be an amount; a currency alone sends nothing', () => {
    expect(check(filled({ budget: 'lots', budgetCurrency: 'EUR' })).errors?.[0]?.[0]).toBe('budget');
    expect(check(filled({ budget: '12,50', budgetCurrency: 'EUR' })).body).toMatchObject({
      budget: 12.5,
      budgetCurrency: 'EUR',
    });
    const noBudget = check(filled({ budgetCurrency: 'USD' })).body;
    expect(noBudget?.budget).toBeUndefined();
    expect(noBudget?.budgetCurrency).toBeUndefined();
  });

  it('a date in the past is refused; today is fine', () => {
    expect(check(filled({ dateNeeded: '2026-03-09' })).errors).toEqual([['dateNeeded', 'customDateInPast']]);
    expect(check(filled({ dateNeeded: TODAY })).body?.dateNeeded).toBe(TODAY);
  });

  it('a description of fewer than 10 characters is refused', () => {
    expect(check(filled({ description: ' short ' })).errors).toEqual([['description', 'customDescriptionTooShort']]);
  });
});
