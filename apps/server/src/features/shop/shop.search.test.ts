/**
 * The shop search as a customer types it, against the demo catalogue: word forms, typos and the
 * name-before-description ranking, one row per text. Each row names the products whose *name*
 * matches (they come first, in any order) and, where it matters, products that must not be found.
 */
import { listEnvelope, ProductSchema } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  expect(await seedDemo({ db: t.database.db, ...t.platform, log: { info() {} } })).toBe(true);
});
afterAll(() => t.close());

/** English names of everything found, in the order the shop lists them. */
async function found(search: string, sort = 'recommended'): Promise<string[]> {
  const url = `/api/shop?limit=100&sort=${sort}&search=${encodeURIComponent(search)}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return listEnvelope(ProductSchema)
    .parse(res.json())
    .data.map((p) => p.name.en ?? p.name.ru);
}

const PEONIES = 'Peonies “Coral Sunset”';
const GARDEN_PEONY = 'Garden peony on a stem';
const BROOCH = 'Brooch “Peony”';
const PETALS = 'Rose petal blanks';
const TULIPS = 'Tulips “Spring” in a vase';
const SCISSORS = 'Silk scissors';
const WREATH = 'Wreath “Lavender Field”';
const BOOK = 'Book “Silk Flowers: from Petal to Bouquet”';
const MORNING = 'Bouquet “Morning Powder”';
const WHITE_GARDEN = 'Bridal bouquet “White Garden”';
const VINTAGE = 'Bouquet “Vintage Wine”';

describe('GET /api/shop?search= — what a customer types finds what she means', () => {
  it.each([
    // exact words and word forms
    ['a name word', 'пион', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['a plural', 'пионы', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['english', 'peony', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['english plural', 'peonies', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['spanish with its accent', 'peonía', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['the accusative', 'розу', [PETALS]],
    ['the nominative', 'роза', [PETALS]],
    ['a name word, russian', 'тюльпан', [TULIPS]],
    ['a name word, english', 'tulip', [TULIPS]],
    ['upper case', 'НОЖНИЦЫ', [SCISSORS]],
    // one wrong, missing, extra or swapped letter
    ['a wrong vowel in a short word', 'пеон', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['a wrong letter, upper case', 'ПЕОН', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['the spanish word without its accent', 'peonia', [GARDEN_PEONY, PEONIES, BROOCH]],
    ['е for ё', 'шелк', [SCISSORS, 'Natural silk crêpe de chine, 50 × 50 cm']],
    ['a soft sign missing', 'тюлпан', [TULIPS]],
    ['a letter missing in a short word', 'брош', [BROOCH]],
    ['a letter missing, english', 'bouqet', [MORNING, WHITE_GARDEN, VINTAGE, BOOK]],
    ['a wrong vowel', 'нажницы', [SCISSORS]],
    ['two letters swapped', 'кинга', [BOOK]],
    ['a wrong ending', 'венак', [WREATH, TULIPS]],
    ['an extra letter', 'лавандда', [WREATH]],
  ] as const)('%s: "%s" finds these names first', async (_, text, names) => {
    const list = await found(text);
    expect([...list.slice(0, names.length)].sort()).toEqual([...names].sort());
  });

  it.each([
    ['a word in no product', 'бант'],
    ['three letters are too few to guess a typo from', 'пеу'],
    ['two typos in a short word', 'паен'],
    ['latin nonsense', 'qwxzv'],
  ])('%s: "%s" finds nothing', async (_, text) => {
    expect(await found(text)).toEqual([]);
  });

  it('a typo does not reach unrelated names: "пеон" finds only the peonies', async () => {
    expect((await found('пеон')).sort()).toEqual([BROOCH, GARDEN_PEONY, PEONIES].sort());
  });

  it('names come before descriptions: "роза" lists the petal blanks, then bouquets with roses', async () => {
    const list = await found('роза');
    expect(list[0]).toBe(PETALS);
    expect(list).toEqual(expect.arrayContaining([MORNING, WHITE_GARDEN]));
  });

  it('the chosen sort orders what a typo found: "пеон" cheapest first', async () => {
    const cheapest = await found('пеон', 'price_asc');
    const dearest = await found('пеон', 'price_desc');
    expect(cheapest).toEqual([...dearest].reverse());
  });
});
