/** The demo shop's products: names and descriptions in ru, en and es, prices in minor units, art. */
import type { LocalizedText, ProductOption } from '@atelier/shared';
import { type ArtSpec, t } from './content-kit';

export interface ProductSeed {
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  /** Minor units: 1250000 = 12 500 ₽. */
  priceRub: number;
  priceEur: number | null;
  priceUsd: number | null;
  category: 'collection' | 'book' | 'tools' | 'materials';
  subcategory?: 'bouquets' | 'accessories';
  availability: 'in_stock' | 'out_of_stock' | 'on_order';
  stock: number | null;
  /** The owner's order of the shop (1 = first); unset = after the placed ones. */
  position?: number;
  bookFormats?: ('physical' | 'digital')[];
  /** The asset file of a digital book, copied to private storage. */
  digitalAsset?: string;
  /** Picked for the home page. */
  featured?: true;
  /** The product page's size, materials and care. */
  size?: LocalizedText;
  materials?: LocalizedText;
  care?: LocalizedText;
  art: ArtSpec[];
  /** Up to three ways the product comes; with them the product is sold by `variants` only. */
  options?: ProductOption[];
  variants?: VariantSeed[];
}

/** One combination of option values with its own counted stock (and price and photos, if set). */
export interface VariantSeed {
  /** Option value ids in the options' order. */
  values: string[];
  stock: number;
  /** Minor units; unset = the product's. */
  priceRub?: number;
  priceEur?: number;
  priceUsd?: number;
  /** Its own photos, shown first when it is chosen. */
  art?: ArtSpec[];
}

export const PRODUCTS: ProductSeed[] = [
  {
    // The demo of a product sold in variants: colour × stem height, each counted on its own, one
    // sold out, the taller ones dearer, two colours with their own photo. First in the list, so the
    // oldest: the journeys that pick "a product in stock" from the top still find one without options.
    slug: 'peony-garden-stem',
    name: t('Садовый пион на стебле', 'Garden peony on a stem', 'Peonía de jardín con tallo'),
    description: t(
      'Один пышный шёлковый пион с бутоном и листьями на гнущемся стебле. Выберите цвет и высоту — каждый пион окрашен вручную.',
      'One full silk peony with a bud and leaves on a bendable stem. Choose the colour and the height: every peony is hand-dyed.',
      'Una peonía de seda frondosa con capullo y hojas en un tallo flexible. Elija el color y la altura: cada peonía se tiñe a mano.',
    ),
    priceRub: 690_000,
    priceEur: 7_500,
    priceUsd: 8_200,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'in_stock',
    // What the variants hold together (the list's filters read the product's counter).
    stock: 12,
    art: [{ kind: 'bloom', palette: 'coral' }],
    options: [
      {
        id: 'colour',
        name: t('Цвет', 'Colour', 'Color'),
        values: [
          { id: 'coral', label: t('Коралловый', 'Coral', 'Coral') },
          { id: 'powder', label: t('Пудровый', 'Powder pink', 'Rosa empolvado') },
          { id: 'wine', label: t('Винный', 'Wine', 'Vino') },
        ],
      },
      {
        id: 'size',
        name: t('Высота', 'Height', 'Altura'),
        values: [
          { id: 's30', label: t('30 см', '30 cm', '30 cm') },
          { id: 's45', label: t('45 см', '45 cm', '45 cm') },
        ],
      },
    ],
    variants: [
      { values: ['coral', 's30'], stock: 3 },
      { values: ['coral', 's45'], stock: 2, priceRub: 890_000, priceEur: 9_600, priceUsd: 10_500 },
      { values: ['powder', 's30'], stock: 4, art: [{ kind: 'bloom', palette: 'blush' }] },
      {
        values: ['powder', 's45'],
        stock: 1,
        priceRub: 890_000,
        priceEur: 9_600,
        priceUsd: 10_500,
        art: [{ kind: 'bloom', palette: 'blush' }],
      },
      { values: ['wine', 's30'], stock: 2, art: [{ kind: 'bloom', palette: 'wine' }] },
      {
        values: ['wine', 's45'],
        stock: 0,
        priceRub: 890_000,
        priceEur: 9_600,
        priceUsd: 10_500,
        art: [{ kind: 'bloom', palette: 'wine' }],
      },
    ],
  },
  {
    slug: 'bouquet-morning-powder',
    featured: true,
    size: t(
      'Высота около 35 см, диаметр 25 см',
      'About 35 cm tall, 25 cm across',
      'Unos 35 cm de alto y 25 cm de diámetro',
    ),
    materials: t(
      'Натуральный шёлк, желатиновая пропитка, анилиновые красители, флористическая проволока',
      'Natural silk, gelatine-stiffened; aniline dyes; florist wire',
      'Seda natural apretada con gelatina, tintes de anilina, alambre de floristería',
    ),
    care: t(
      'Беречь от воды и прямого солнца. Пыль снимать мягкой кистью или феном на холодном режиме.',
      'Keep away from water and direct sun. Dust with a soft brush or a hair dryer on cold.',
      'Protéjalo del agua y del sol directo. Quite el polvo con un pincel suave o un secador en frío.',
    ),
    name: t('Букет «Утренняя пудра»', 'Bouquet “Morning Powder”', 'Ramo «Polvo de la mañana»'),
    description: t(
      'Нежный букет из пудровых роз и пионов с эвкалиптом и гипсофилой. Лепестки окрашены вручную в три оттенка розового. Высота около 35 см.',
      'A tender bouquet of powder-pink roses and peonies with eucalyptus and baby’s breath. The petals are hand-dyed in three shades of pink. About 35 cm tall.',
      'Un ramo delicado de rosas y peonías rosa empolvado con eucalipto y paniculata. Pétalos teñidos a mano en tres tonos de rosa. Unos 35 cm de alto.',
    ),
    priceRub: 1_250_000,
    priceEur: 13_500,
    priceUsd: 14_500,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'in_stock',
    stock: 2,
    position: 1,
    art: [
      { kind: 'bouquet', palette: 'blush' },
      { kind: 'bloom', palette: 'blush' },
    ],
  },
  {
    slug: 'bridal-white-garden',
    name: t('Букет невесты «Белый сад»', 'Bridal bouquet “White Garden”', 'Ramo de novia «Jardín blanco»'),
    description: t(
      'Классический свадебный букет из кремовых роз и пионов. Собираю под ваше платье: подберу оттенок ткани и ленты по фотографии. Срок изготовления — 3 недели.',
      'A classic bridal bouquet of cream roses and peonies. I make it to match your dress, choosing the fabric shade and ribbon from a photo. Made in 3 weeks.',
      'Un ramo de novia clásico de rosas y peonías color crema. Lo hago a juego con su vestido, eligiendo el tono de la tela y la cinta a partir de una foto. Plazo: 3 semanas.',
    ),
    priceRub: 1_890_000,
    priceEur: 20_500,
    priceUsd: 22_000,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'on_order',
    stock: null,
    position: 3,
    art: [{ kind: 'bouquet', palette: 'ivory' }],
  },
  {
    slug: 'peonies-coral-sunset',
    featured: true,
    name: t('Пионы «Коралловый закат»', 'Peonies “Coral Sunset”', 'Peonías «Atardecer coral»'),
    description: t(
      'Три крупных коралловых пиона с бутонами — яркий акцент для гостиной или подарок, который будет радовать много лет.',
      'Three large coral peonies with buds: a bright accent for a living room or a gift that will bring joy for years.',
      'Tres grandes peonías coral con capullos: un toque de color para el salón o un regalo que alegrará durante años.',
    ),
    priceRub: 980_000,
    priceEur: 10_500,
    priceUsd: 11_500,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'in_stock',
    stock: 3,
    position: 2,
    art: [{ kind: 'bloom', palette: 'coral' }],
  },
  {
    slug: 'tulips-spring',
    name: t('Тюльпаны «Весна» в вазе', 'Tulips “Spring” in a vase', 'Tulipanes «Primavera» en jarrón'),
    description: t(
      'Семь шёлковых тюльпанов в керамической вазе. Весна, которая стоит на столе круглый год.',
      'Seven silk tulips in a ceramic vase. Spring that stays on your table all year round.',
      'Siete tulipanes de seda en un jarrón de cerámica. Una primavera que se queda en su mesa todo el año.',
    ),
    priceRub: 740_000,
    priceEur: 8_000,
    priceUsd: 8_600,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'in_stock',
    stock: 1,
    art: [
      { kind: 'tulips', palette: 'coral' },
      { kind: 'tulips', palette: 'peach' },
    ],
  },
  {
    slug: 'wreath-lavender-field',
    name: t('Венок «Лавандовое поле»', 'Wreath “Lavender Field”', 'Corona «Campo de lavanda»'),
    description: t(
      'Настенный венок с сиреневыми розами и серебристым эвкалиптом, диаметр 30 см. Сейчас весь тираж распродан — напишите, и я сообщу, когда сделаю новые.',
      'A wall wreath with lilac roses and silver eucalyptus, 30 cm across. Currently sold out; write to me and I will let you know when new ones are ready.',
      'Corona de pared con rosas lila y eucalipto plateado, 30 cm de diámetro. Ahora agotada: escríbame y le avisaré cuando haya nuevas.',
    ),
    priceRub: 890_000,
    priceEur: null,
    priceUsd: null,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'out_of_stock',
    stock: 0,
    art: [{ kind: 'wreath', palette: 'lavender' }],
  },
  {
    slug: 'bouquet-vintage-wine',
    name: t('Букет «Винтажное вино»', 'Bouquet “Vintage Wine”', 'Ramo «Vino vintage»'),
    description: t(
      'Глубокие винные розы и пионы с пыльно-розовыми акцентами — для осенней свадьбы или вечера при свечах.',
      'Deep wine-red roses and peonies with dusty pink accents, for an autumn wedding or a candle-lit evening.',
      'Rosas y peonías color vino con toques rosa polvo, para una boda de otoño o una velada a la luz de las velas.',
    ),
    priceRub: 1_420_000,
    priceEur: 15_500,
    priceUsd: 16_500,
    category: 'collection',
    subcategory: 'bouquets',
    availability: 'on_order',
    stock: null,
    art: [{ kind: 'bouquet', palette: 'wine' }],
  },
  {
    slug: 'comb-pearl-dew',
    featured: true,
    name: t('Свадебный гребень «Жемчужная роса»', 'Bridal comb “Pearl Dew”', 'Peineta nupcial «Rocío de perlas»'),
    description: t(
      'Гребень с миниатюрными розами, бутонами и жемчугом на позолоченной основе. Лёгкий, надёжно держится в причёске весь день.',
      'A comb with miniature roses, buds and pearls on a gilded base. Light, and holds firmly in the hair all day.',
      'Peineta con rosas en miniatura, capullos y perlas sobre base dorada. Ligera y firme en el peinado todo el día.',
    ),
    priceRub: 650_000,
    priceEur: 7_000,
    priceUsd: 7_600,
    category: 'collection',
    subcategory: 'accessories',
    availability: 'in_stock',
    stock: 4,
    art: [{ kind: 'accessory', palette: 'blush' }],
  },
  {
    slug: 'boutonniere-gentleman',
    name: t('Бутоньерка «Джентльмен»', 'Boutonniere “Gentleman”', 'Prendido «Caballero»'),
    description: t(
      'Кремовая роза с эвкалиптом на атласной обмотке. Парная к букету «Белый сад».',
      'A cream rose with eucalyptus on a satin-wrapped stem. The companion to the “White Garden” bouquet.',
      'Una rosa crema con eucalipto y tallo forrado de raso. Pareja del ramo «Jardín blanco».',
    ),
    priceRub: 290_000,
    priceEur: 3_200,
    priceUsd: 3_400,
    category: 'collection',
    subcategory: 'accessories',
    availability: 'in_stock',
    stock: 6,
    art: [{ kind: 'accessory', palette: 'ivory' }],
  },
  {
    slug: 'brooch-peony',
    name: t('Брошь «Пион»', 'Brooch “Peony”', 'Broche «Peonía»'),
    description: t(
      'Персиковый пион диаметром 9 см на булавке — оживит пальто, шляпку или сумку.',
      'A 9 cm peach peony on a pin that brightens a coat, a hat or a bag.',
      'Una peonía melocotón de 9 cm con alfiler que da vida a un abrigo, un sombrero o un bolso.',
    ),
    priceRub: 340_000,
    priceEur: 3_700,
    priceUsd: 4_000,
    category: 'collection',
    subcategory: 'accessories',
    availability: 'out_of_stock',
    stock: 0,
    art: [{ kind: 'bloom', palette: 'peach' }],
  },
  {
    slug: 'hairpin-forget-me-not',
    name: t('Заколка «Незабудки»', 'Hair clip “Forget-me-nots”', 'Pasador «Nomeolvides»'),
    description: t(
      'Россыпь голубых и белых цветов на заколке-автомате. Для выпускного, свадьбы или просто хорошего настроения.',
      'A scatter of blue and white flowers on a hair clip: for a prom, a wedding or simply a good mood.',
      'Un puñado de flores azules y blancas sobre un pasador: para una graduación, una boda o simplemente por buen humor.',
    ),
    priceRub: 260_000,
    priceEur: null,
    priceUsd: null,
    category: 'collection',
    subcategory: 'accessories',
    availability: 'in_stock',
    stock: 5,
    art: [{ kind: 'accessory', palette: 'sky' }],
  },
  {
    slug: 'headband-forest-nymph',
    name: t('Ободок «Лесная нимфа»', 'Headband “Forest Nymph”', 'Diadema «Ninfa del bosque»'),
    description: t(
      'Ободок-веночек из мелких цветов и зелени. Подберу цвета под образ; изготовление — 10 дней.',
      'A headband of small flowers and greenery. I match the colours to your look; made in 10 days.',
      'Una diadema de flores pequeñas y verdes. Adapto los colores a su estilo; plazo de 10 días.',
    ),
    priceRub: 480_000,
    priceEur: 5_200,
    priceUsd: 5_600,
    category: 'collection',
    subcategory: 'accessories',
    availability: 'on_order',
    stock: null,
    art: [{ kind: 'wreath', palette: 'peach' }],
  },
  {
    slug: 'box-silk-garden',
    name: t(
      'Композиция «Шёлковый сад» в коробке',
      'Arrangement “Silk Garden” in a box',
      'Composición «Jardín de seda» en caja',
    ),
    description: t(
      'Цветы, уложенные в шляпную коробку: розы, пионы, бутоны и зелень. Готовый подарок — коробку не нужно упаковывать.',
      'Flowers arranged in a hatbox: roses, peonies, buds and greenery. A ready gift; no wrapping needed.',
      'Flores dispuestas en una sombrerera: rosas, peonías, capullos y verdes. Un regalo listo, sin necesidad de envolver.',
    ),
    priceRub: 1_100_000,
    priceEur: 12_000,
    priceUsd: 13_000,
    category: 'collection',
    availability: 'in_stock',
    stock: 1,
    art: [{ kind: 'flatlay', palette: 'ivory' }],
  },
  {
    slug: 'book-silk-flowers',
    size: t('А4, 184 страницы, твёрдая обложка', 'A4, 184 pages, hardcover', 'A4, 184 páginas, tapa dura'),
    materials: t(
      'Мелованная бумага, цветная печать',
      'Coated paper, full-colour print',
      'Papel estucado, impresión a todo color',
    ),
    featured: true,
    name: t(
      'Книга «Цветы из шёлка: от лепестка до букета»',
      'Book “Silk Flowers: from Petal to Bouquet”',
      'Libro «Flores de seda: del pétalo al ramo»',
    ),
    description: t(
      'Моё практическое руководство: ткани, инструменты, окрашивание, пошаговые схемы роз, пионов и ранункулюсов. 184 страницы, более 300 фотографий. Печатная книга или электронная версия в PDF.',
      'My practical guide: fabrics, tools, dyeing, and step-by-step patterns for roses, peonies and ranunculus. 184 pages, over 300 photos. Printed book or PDF edition.',
      'Mi guía práctica: telas, herramientas, teñido y patrones paso a paso de rosas, peonías y ranúnculos. 184 páginas, más de 300 fotos. Libro impreso o edición en PDF.',
    ),
    priceRub: 240_000,
    priceEur: 2_600,
    priceUsd: 2_800,
    category: 'book',
    availability: 'in_stock',
    stock: 15,
    bookFormats: ['physical', 'digital'],
    digitalAsset: 'book-silk-flowers.pdf',
    art: [{ kind: 'book', palette: 'blush' }],
  },
  {
    slug: 'album-silk-garden',
    name: t(
      'Альбом «Шёлковый сад. Работы 2016–2024»',
      'Album “The Silk Garden: Works 2016–2024”',
      'Álbum «El jardín de seda: obras 2016–2024»',
    ),
    description: t(
      'Большой альбом избранных работ мастерской: свадебные букеты, украшения, оформление праздников. Твёрдый переплёт, 120 страниц. Только печатное издание.',
      'A large album of the studio’s selected work: bridal bouquets, hair pieces, event decoration. Hardcover, 120 pages. Print edition only.',
      'Un gran álbum con obras escogidas del taller: ramos de novia, tocados, decoración de eventos. Tapa dura, 120 páginas. Solo edición impresa.',
    ),
    priceRub: 320_000,
    priceEur: 3_500,
    priceUsd: 3_800,
    category: 'book',
    availability: 'in_stock',
    stock: 8,
    bookFormats: ['physical'],
    art: [{ kind: 'book', palette: 'sky' }],
  },
  {
    slug: 'tools-ball-set',
    name: t('Набор булек (6 шт.)', 'Ball tool set (6 pcs)', 'Juego de bolillos (6 uds.)'),
    description: t(
      'Бульки диаметром от 3 до 20 мм с деревянными ручками — основной инструмент для формовки лепестков.',
      'Ball tools from 3 to 20 mm with wooden handles: the essential tool for shaping petals.',
      'Bolillos de 3 a 20 mm con mangos de madera: la herramienta básica para moldear pétalos.',
    ),
    priceRub: 380_000,
    priceEur: 4_100,
    priceUsd: 4_400,
    category: 'tools',
    availability: 'in_stock',
    stock: 10,
    art: [{ kind: 'tools', palette: 'peach' }],
  },
  {
    slug: 'tools-flower-iron',
    name: t('Утюжок для цветов с насадками', 'Flower-making iron with tips', 'Plancha para flores con puntas'),
    description: t(
      'Электрический утюжок с регулировкой температуры и набором из 8 насадок. Привожу под заказ из Японии, срок — около месяца.',
      'An electric iron with temperature control and a set of 8 tips. Ordered from Japan; delivery takes about a month.',
      'Plancha eléctrica con control de temperatura y juego de 8 puntas. La traigo por encargo desde Japón; tarda un mes aproximadamente.',
    ),
    priceRub: 790_000,
    priceEur: 8_600,
    priceUsd: 9_200,
    category: 'tools',
    availability: 'on_order',
    stock: null,
    art: [{ kind: 'tools', palette: 'ivory' }],
  },
  {
    slug: 'tools-silk-scissors',
    name: t('Ножницы для шёлка', 'Silk scissors', 'Tijeras para seda'),
    description: t(
      'Острые ножницы с короткими лезвиями для точного раскроя лепестков. Не «жуют» тонкую ткань.',
      'Sharp short-bladed scissors for precise petal cutting. They never chew fine fabric.',
      'Tijeras afiladas de hoja corta para cortar pétalos con precisión. No muerden la tela fina.',
    ),
    priceRub: 190_000,
    priceEur: 2_100,
    priceUsd: 2_200,
    category: 'tools',
    availability: 'in_stock',
    stock: 12,
    art: [{ kind: 'tools', palette: 'blush' }],
  },
  {
    slug: 'tools-pad-tweezers',
    name: t('Подушечка для формовки и пинцет', 'Shaping pad and tweezers', 'Almohadilla de moldeado y pinzas'),
    description: t(
      'Плотная поролоновая подушечка и пинцет с изогнутыми концами — всё, что нужно рядом с булькой.',
      'A firm foam pad and curved tweezers: everything you need beside your ball tool.',
      'Una almohadilla de espuma firme y pinzas curvas: todo lo que necesita junto al bolillo.',
    ),
    priceRub: 90_000,
    priceEur: null,
    priceUsd: null,
    category: 'tools',
    availability: 'in_stock',
    stock: 20,
    art: [{ kind: 'tools', palette: 'lavender' }],
  },
  {
    slug: 'materials-silk-crepe',
    name: t(
      'Натуральный шёлк крепдешин, 50 × 50 см',
      'Natural silk crêpe de chine, 50 × 50 cm',
      'Seda natural crepé de China, 50 × 50 cm',
    ),
    description: t(
      'Отрез белого шёлка, уже пропитанного желатином: можно сразу вырезать лепестки. Хорошо принимает любые красители.',
      'A piece of white silk already stiffened with gelatine, ready for cutting petals. Takes any dye beautifully.',
      'Un corte de seda blanca ya aprestada con gelatina, lista para cortar pétalos. Admite cualquier tinte.',
    ),
    priceRub: 120_000,
    priceEur: 1_300,
    priceUsd: 1_400,
    category: 'materials',
    availability: 'in_stock',
    stock: 30,
    art: [
      { kind: 'materials', palette: 'blush' },
      { kind: 'materials', palette: 'ivory' },
    ],
  },
  {
    slug: 'materials-aniline-dyes',
    name: t('Анилиновые красители, 6 цветов', 'Aniline dyes, 6 colours', 'Tintes de anilina, 6 colores'),
    description: t(
      'Набор концентрированных красителей для шёлка, из которых смешивается вся палитра мастерской.',
      'A set of concentrated silk dyes that mix into the studio’s whole palette.',
      'Un juego de tintes concentrados para seda con los que se mezcla toda la paleta del taller.',
    ),
    priceRub: 210_000,
    priceEur: 2_300,
    priceUsd: 2_500,
    category: 'materials',
    availability: 'out_of_stock',
    stock: 0,
    art: [{ kind: 'materials', palette: 'coral' }],
  },
  {
    slug: 'materials-stamens-wire',
    name: t('Тычинки и проволока (набор)', 'Stamens and wire (set)', 'Estambres y alambre (juego)'),
    description: t(
      '50 тычинок трёх цветов и по 20 отрезков проволоки № 20, 24 и 28 в обмотке.',
      '50 stamens in three colours and 20 lengths each of covered wire in gauges 20, 24 and 28.',
      '50 estambres de tres colores y 20 tramos de alambre forrado de cada calibre: 20, 24 y 28.',
    ),
    priceRub: 65_000,
    priceEur: 700,
    priceUsd: 800,
    category: 'materials',
    availability: 'in_stock',
    stock: 40,
    art: [{ kind: 'materials', palette: 'lavender' }],
  },
  {
    slug: 'materials-rose-petal-blanks',
    name: t('Заготовки лепестков «Роза»', 'Rose petal blanks', 'Pétalos precortados «Rosa»'),
    description: t(
      'Вырубленные лепестки из окрашенного шёлка на одну розу: 19 штук трёх размеров. Идеально для первого урока.',
      'Die-cut petals of dyed silk for one rose: 19 pieces in three sizes. Perfect for your first lesson.',
      'Pétalos troquelados de seda teñida para una rosa: 19 piezas de tres tamaños. Perfectos para la primera lección.',
    ),
    priceRub: 150_000,
    priceEur: 1_600,
    priceUsd: 1_800,
    category: 'materials',
    availability: 'in_stock',
    stock: 12,
    art: [{ kind: 'materials', palette: 'peach' }],
  },
];
