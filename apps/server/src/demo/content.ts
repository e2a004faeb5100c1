/**
 * The demo content itself: the artisan's texts in ru, en and es, prices in minor units, and which
 * artwork illustrates each row. Kept apart from seed.ts so the writing can be edited without
 * touching the seeding mechanics.
 */
import type { LandingSettings, LocalizedText } from '@atelier/shared';
import { type ArtSpec, t } from './content-kit';

export type { ArtSpec } from './content-kit';
export { PRODUCTS, type ProductSeed } from './content-products';

export const ABOUT = {
  title: t('Мастерская шёлковых цветов', 'A studio of silk flowers', 'Un taller de flores de seda'),
  content: t(
    [
      'Меня зовут Анна, и уже больше десяти лет я делаю цветы из натурального шёлка. Всё началось с маленькой броши для мамы — я вырезала лепестки маникюрными ножницами и формовала их ложкой, нагретой над свечой. С тех пор у меня появились настоящие инструменты, светлая мастерская с большим окном и сотни учеников, а удивление от того, как плоский лоскут превращается в живой цветок, осталось прежним.',
      'Каждый цветок я делаю вручную от начала до конца: окрашиваю ткань, вырезаю и формую каждый лепесток горячими инструментами, собираю бутон на проволоке. Поэтому двух одинаковых роз у меня не бывает — как не бывает их и в саду. Шёлковые цветы не вянут, не боятся зимы и жары, а букет невесты через много лет можно достать из коробки таким же, каким он был в день свадьбы.',
      'В мастерской я собираю свадебные букеты и украшения для волос, оформляю праздники и витрины, делаю подарки, которые хранят годами. А ещё учу: в видеоуроках и методичках я рассказываю всё, что знаю сама, — от выбора ткани до последнего витка тейп-ленты. Буду рада видеть вас среди покупателей и учеников.',
    ].join('\n\n'),
    [
      'My name is Anna, and for more than ten years I have been making flowers from natural silk. It began with a small brooch for my mother: I cut the petals with nail scissors and shaped them with a spoon warmed over a candle. Since then I have found proper tools, a bright studio with a big window and hundreds of students — but the wonder of watching a flat scrap of fabric become a living flower has never faded.',
      'I make every flower by hand from start to finish: I dye the fabric, cut and shape each petal with hot tools and build the bud on wire. That is why no two of my roses are ever the same, just as no two are the same in a garden. Silk flowers never wilt and fear neither winter nor heat, and a bridal bouquet can come out of its box years later looking just as it did on the wedding day.',
      'In the studio I make bridal bouquets and hair pieces, dress celebrations and shop windows, and create gifts that are kept for years. I also teach: in my video lessons and methodology sheets I share everything I know, from choosing the fabric to the last turn of floral tape. I would be glad to welcome you as a customer or a student.',
    ].join('\n\n'),
    [
      'Me llamo Anna y desde hace más de diez años hago flores de seda natural. Todo empezó con un pequeño broche para mi madre: recorté los pétalos con unas tijeras de manicura y les di forma con una cuchara calentada sobre una vela. Desde entonces he reunido herramientas de verdad, un taller luminoso con una gran ventana y cientos de alumnas, pero el asombro de ver cómo un retal plano se convierte en una flor viva sigue siendo el mismo.',
      'Hago cada flor a mano de principio a fin: tiño la tela, corto y moldeo cada pétalo con herramientas calientes y monto el capullo sobre alambre. Por eso nunca tengo dos rosas iguales, igual que no las hay en un jardín. Las flores de seda no se marchitan ni temen al invierno o al calor, y un ramo de novia puede salir de su caja años después tal como era el día de la boda.',
      'En el taller creo ramos de novia y tocados, decoro celebraciones y escaparates y preparo regalos que se guardan durante años. Y también enseño: en mis lecciones en vídeo y guías cuento todo lo que sé, desde elegir la tela hasta la última vuelta de cinta floral. Me alegrará recibirle como cliente o como alumna.',
    ].join('\n\n'),
  ),
  art: { kind: 'workshop', palette: 'blush' } satisfies ArtSpec,
};

/** Where pickup orders are collected (the owner edits it in the admin's settings). */
export const WORKSHOP = {
  address: {
    ru: 'Санкт-Петербург, Большая Конюшенная ул., 19, мастерская 12 (вход со двора)',
    en: 'Saint Petersburg, 19 Bolshaya Konyushennaya St, workshop 12 (entrance from the courtyard)',
    es: 'San Petersburgo, calle Bolshaya Konyushennaya 19, taller 12 (entrada por el patio)',
  },
  hours: {
    ru: 'Вт–Сб, 11:00–19:00; в другое время — по договорённости',
    en: 'Tue–Sat, 11:00–19:00; other times by arrangement',
    es: 'mar–sáb, 11:00–19:00; otros horarios, con cita previa',
  },
  mapUrl:
    'https://yandex.ru/maps/?text=%D0%91%D0%BE%D0%BB%D1%8C%D1%88%D0%B0%D1%8F%20%D0%9A%D0%BE%D0%BD%D1%8E%D1%88%D0%B5%D0%BD%D0%BD%D0%B0%D1%8F%2019',
};

export const SETTINGS: LandingSettings = {
  heroTitle: t(
    'Цветы из шёлка, которые не вянут',
    'Silk flowers that never fade',
    'Flores de seda que nunca se marchitan',
  ),
  heroSubtitle: t(
    'Свадебные букеты, украшения и подарки ручной работы — и видеоуроки для тех, кто хочет научиться сам',
    'Handmade bridal bouquets, hair pieces and gifts — and video lessons for those who want to learn the craft',
    'Ramos de novia, tocados y regalos hechos a mano, y lecciones en vídeo para quien quiera aprender el oficio',
  ),
  artisanName: 'Анна',
  contactEmail: 'hello@atelier-silk.example',
  contactPhone: '+7 (921) 555-24-17',
  social: [
    { network: 'instagram', url: 'https://instagram.com/atelier.silk.flowers' },
    { network: 'telegram', url: 'https://t.me/atelier_silk' },
    { network: 'vk', url: 'https://vk.com/atelier_silk' },
    { network: 'youtube', url: 'https://youtube.com/@atelier-silk' },
    { network: 'pinterest', url: 'https://pinterest.com/atelier_silk' },
  ],
};

export interface PortfolioSeed {
  title: LocalizedText;
  description: LocalizedText;
  category: 'wedding' | 'corporate' | 'personal';
  mainImageIndex: number;
  linkedProduct?: string;
  art: ArtSpec[];
}

export const PORTFOLIO: PortfolioSeed[] = [
  {
    title: t('Свадьба Ольги и Дмитрия', 'Olga and Dmitry’s wedding', 'La boda de Olga y Dmitri'),
    description: t(
      'Букет невесты, бутоньерка жениха и гребень — в кремово-белой гамме под кружевное платье. Летняя свадьба в загородном саду.',
      'The bride’s bouquet, the groom’s boutonniere and a comb in creamy white to match a lace dress. A summer wedding in a country garden.',
      'Ramo de novia, prendido del novio y peineta en blanco crema, a juego con un vestido de encaje. Una boda de verano en un jardín.',
    ),
    category: 'wedding',
    mainImageIndex: 0,
    linkedProduct: 'bridal-white-garden',
    art: [
      { kind: 'bouquet', palette: 'ivory' },
      { kind: 'accessory', palette: 'ivory' },
      { kind: 'accessory', palette: 'blush' },
    ],
  },
  {
    title: t('Осенняя свадьба в винных тонах', 'An autumn wedding in wine tones', 'Una boda de otoño en tonos vino'),
    description: t(
      'Глубокие бордовые пионы и розы с пыльно-розовым — букет, который выглядит так же богато, как октябрьский сад.',
      'Deep burgundy peonies and roses with dusty pink: a bouquet as rich as an October garden.',
      'Peonías y rosas burdeos con rosa polvo: un ramo tan rico como un jardín en octubre.',
    ),
    category: 'wedding',
    mainImageIndex: 0,
    linkedProduct: 'bouquet-vintage-wine',
    art: [
      { kind: 'bouquet', palette: 'wine' },
      { kind: 'bloom', palette: 'wine' },
    ],
  },
  {
    title: t('Гребень для невесты «Роса»', 'The “Dew” bridal comb', 'Peineta nupcial «Rocío»'),
    description: t(
      'Миниатюрные розы и жемчуг для низкого пучка. Невеста танцевала до утра — ни один цветок не сдвинулся.',
      'Miniature roses and pearls for a low bun. The bride danced until morning and not a single flower moved.',
      'Rosas en miniatura y perlas para un moño bajo. La novia bailó hasta el amanecer y ninguna flor se movió.',
    ),
    category: 'wedding',
    mainImageIndex: 0,
    linkedProduct: 'comb-pearl-dew',
    art: [{ kind: 'accessory', palette: 'blush' }],
  },
  {
    title: t('Выездная церемония у моря', 'A seaside ceremony', 'Una ceremonia junto al mar'),
    description: t(
      'Голубые и белые цветы для арки и букета подружек — шёлк не боится ветра и солнца.',
      'Blue and white flowers for the arch and the bridesmaids’ bouquets: silk does not fear wind or sun.',
      'Flores azules y blancas para el arco y los ramos de las damas: la seda no teme al viento ni al sol.',
    ),
    category: 'wedding',
    mainImageIndex: 1,
    art: [
      { kind: 'flatlay', palette: 'sky' },
      { kind: 'bouquet', palette: 'sky' },
    ],
  },
  {
    title: t('Венок для фотосессии', 'A wreath for a photo shoot', 'Una corona para una sesión de fotos'),
    description: t(
      'Лёгкий венок из сиреневых роз и эвкалипта для предсвадебной прогулки.',
      'A light wreath of lilac roses and eucalyptus for an engagement walk.',
      'Una corona ligera de rosas lila y eucalipto para un paseo de preboda.',
    ),
    category: 'wedding',
    mainImageIndex: 0,
    linkedProduct: 'headband-forest-nymph',
    art: [{ kind: 'wreath', palette: 'lavender' }],
  },
  {
    title: t('Витрина бутика к 8 Марта', 'A boutique window for Women’s Day', 'Un escaparate para el Día de la Mujer'),
    description: t(
      'Пятьдесят коралловых и персиковых пионов для витрины ювелирного бутика. Композиция простояла весь сезон без единой замены.',
      'Fifty coral and peach peonies for a jewellery boutique window. The display lasted the whole season without a single replacement.',
      'Cincuenta peonías coral y melocotón para el escaparate de una joyería. La composición duró toda la temporada sin cambiar una flor.',
    ),
    category: 'corporate',
    mainImageIndex: 0,
    linkedProduct: 'peonies-coral-sunset',
    art: [
      { kind: 'bloom', palette: 'coral' },
      { kind: 'flatlay', palette: 'coral' },
    ],
  },
  {
    title: t(
      'Оформление ресторана к весне',
      'Spring decoration for a restaurant',
      'Decoración de primavera para un restaurante',
    ),
    description: t(
      'Тюльпаны в керамике на каждом столе и большой венок у входа — весна, которую не нужно поливать.',
      'Tulips in ceramic vases on every table and a large wreath at the entrance: spring that needs no watering.',
      'Tulipanes en cerámica en cada mesa y una gran corona en la entrada: una primavera que no hay que regar.',
    ),
    category: 'corporate',
    mainImageIndex: 0,
    linkedProduct: 'tulips-spring',
    art: [
      { kind: 'tulips', palette: 'peach' },
      { kind: 'wreath', palette: 'peach' },
      { kind: 'tulips', palette: 'blush' },
    ],
  },
  {
    title: t(
      'Подарки для партнёров компании',
      'Gifts for a company’s partners',
      'Regalos para los socios de una empresa',
    ),
    description: t(
      'Сорок брошей-пионов в фирменных коробках — новогодний подарок, который носят до сих пор.',
      'Forty peony brooches in branded boxes: a New Year gift people still wear.',
      'Cuarenta broches de peonía en cajas con la marca: un regalo de Año Nuevo que todavía se lleva.',
    ),
    category: 'corporate',
    mainImageIndex: 0,
    linkedProduct: 'brooch-peony',
    art: [{ kind: 'bloom', palette: 'peach' }],
  },
  {
    title: t('Букет к юбилею мамы', 'A bouquet for a mother’s anniversary', 'Un ramo para el aniversario de una madre'),
    description: t(
      'Пудровые розы и пионы — любимые цветы именинницы, которые теперь стоят у неё на комоде круглый год.',
      'Powder-pink roses and peonies, her favourite flowers, now on her dresser all year round.',
      'Rosas y peonías rosa empolvado, sus flores favoritas, ahora en su cómoda todo el año.',
    ),
    category: 'personal',
    mainImageIndex: 0,
    linkedProduct: 'bouquet-morning-powder',
    art: [
      { kind: 'bouquet', palette: 'blush' },
      { kind: 'bloom', palette: 'blush' },
    ],
  },
  {
    title: t('Шляпная коробка в подарок', 'A hatbox of flowers as a gift', 'Una sombrerera de flores para regalar'),
    description: t(
      'Розы, пионы и зелень, уложенные в коробку, — подарок на новоселье.',
      'Roses, peonies and greenery laid in a box: a housewarming present.',
      'Rosas, peonías y verdes en una caja: un regalo de inauguración de casa.',
    ),
    category: 'personal',
    mainImageIndex: 0,
    linkedProduct: 'box-silk-garden',
    art: [{ kind: 'flatlay', palette: 'ivory' }],
  },
  {
    title: t('Заколка для выпускного', 'A hair clip for a prom', 'Un pasador para la graduación'),
    description: t(
      'Незабудки и мелкие розы под голубое платье выпускницы.',
      'Forget-me-nots and tiny roses to go with a graduate’s blue dress.',
      'Nomeolvides y rosas diminutas a juego con el vestido azul de una graduada.',
    ),
    category: 'personal',
    mainImageIndex: 0,
    linkedProduct: 'hairpin-forget-me-not',
    art: [{ kind: 'accessory', palette: 'sky' }],
  },
  {
    title: t('Рабочий стол мастерской', 'The studio work table', 'La mesa de trabajo del taller'),
    description: t(
      'Так выглядит мой стол в разгар работы: заготовки лепестков, бульки и первый собранный пион.',
      'This is my table in the middle of work: petal blanks, ball tools and the first finished peony.',
      'Así se ve mi mesa en plena faena: pétalos precortados, bolillos y la primera peonía terminada.',
    ),
    category: 'personal',
    mainImageIndex: 1,
    art: [
      { kind: 'workshop', palette: 'peach' },
      { kind: 'workshop', palette: 'blush' },
    ],
  },
];

export interface LessonSeed {
  number: number;
  title: LocalizedText;
  description: LocalizedText;
  level: 'basic' | 'intermediate' | 'advanced';
  priceRub: number;
  priceEur: number;
  priceUsd: number;
  durationMinutes: number;
  /** "What you'll learn" and "Materials", one point per line. */
  outcomes: LocalizedText;
  materials: LocalizedText;
  art: ArtSpec;
}

export const LESSONS: LessonSeed[] = [
  {
    number: 1,
    title: t('Шёлковая роза: первые лепестки', 'The silk rose: first petals', 'La rosa de seda: primeros pétalos'),
    description: t(
      'Бесплатный вводный урок. Знакомимся с тканью и инструментами, пропитываем шёлк, вырезаем лепестки по шаблону и собираем первую розу. Подойдёт, даже если вы никогда не держали в руках бульку.',
      'A free introductory lesson. Meet the fabric and the tools, stiffen the silk, cut petals from a template and assemble your first rose. Suitable even if you have never held a ball tool.',
      'Lección introductoria gratuita. Conocemos la tela y las herramientas, aprestamos la seda, cortamos pétalos con plantilla y montamos la primera rosa. Apta aunque nunca haya usado un bolillo.',
    ),
    level: 'basic',
    priceRub: 0,
    priceEur: 0,
    priceUsd: 0,
    durationMinutes: 45,
    outcomes: t(
      'Подготовить и пропитать шёлк\nВырезать лепестки по шаблону\nСобрать первую розу',
      'Prepare and stiffen the silk\nCut petals from a template\nAssemble your first rose',
      'Preparar y aprestar la seda\nCortar pétalos con plantilla\nMontar su primera rosa',
    ),
    materials: t(
      'Натуральный шёлк, 30 × 30 см\nЖелатин для пропитки\nБулька и подушечка\nПроволока и тейп-лента',
      'Natural silk, 30 × 30 cm\nGelatine to stiffen the fabric\nA ball tool and a pad\nWire and floral tape',
      'Seda natural, 30 × 30 cm\nGelatina para aprestar\nBolillo y almohadilla\nAlambre y cinta floral',
    ),
    art: { kind: 'bloom', palette: 'blush' },
  },
  {
    number: 2,
    title: t('Пион из натурального шёлка', 'A peony in natural silk', 'Una peonía de seda natural'),
    description: t(
      'Создаём пышный садовый пион: гофрировка лепестков, тонировка сердцевины пастелью и многоярусная сборка. В методичке — шаблоны трёх размеров лепестков.',
      'We create a lush garden peony: crimping the petals, tinting the heart with pastel and building it in tiers. The methodology sheet includes templates for three petal sizes.',
      'Creamos una peonía de jardín frondosa: plisado de pétalos, entintado del corazón con pastel y montaje por pisos. La guía incluye plantillas de pétalos de tres tamaños.',
    ),
    level: 'intermediate',
    priceRub: 290_000,
    priceEur: 3_200,
    priceUsd: 3_500,
    durationMinutes: 75,
    outcomes: t(
      'Гофрировать лепестки\nТонировать сердцевину пастелью\nСобирать цветок ярусами',
      'Crimp the petals\nTint the heart with pastel\nBuild the flower in tiers',
      'Plisar los pétalos\nEntintar el corazón con pastel\nMontar la flor por pisos',
    ),
    materials: t(
      'Шёлк-туаль, 50 × 50 см\nСухая пастель\nШаблоны из методички\nКлей «Момент-Кристалл»',
      'Silk toile, 50 × 50 cm\nSoft pastels\nThe templates from the methodology sheet\nClear contact glue',
      'Seda toile, 50 × 50 cm\nPasteles secos\nLas plantillas de la guía\nPegamento de contacto transparente',
    ),
    art: { kind: 'workshop', palette: 'coral' },
  },
  {
    number: 3,
    title: t('Окрашивание шёлка: мягкие переходы', 'Dyeing silk: soft gradients', 'Teñir la seda: degradados suaves'),
    description: t(
      'Учимся работать с анилиновыми красителями: акварельная техника, растяжка цвета и переходы между оттенками. Вы научитесь повторять любой цвет по образцу.',
      'Learn to work with aniline dyes: the watercolour technique, colour gradients and blends between shades. You will learn to match any colour to a sample.',
      'Aprenda a trabajar con tintes de anilina: técnica de acuarela, degradados y mezclas entre tonos. Aprenderá a reproducir cualquier color a partir de una muestra.',
    ),
    level: 'intermediate',
    priceRub: 240_000,
    priceEur: 2_600,
    priceUsd: 2_800,
    durationMinutes: 60,
    outcomes: t(
      'Разводить анилиновые красители\nДелать плавные переходы цвета\nПовторять оттенок по образцу',
      'Mix aniline dyes\nMake soft colour gradients\nMatch a shade to a sample',
      'Preparar tintes de anilina\nHacer degradados suaves\nReproducir un tono a partir de una muestra',
    ),
    materials: t(
      'Анилиновые красители: 3 цвета\nКисти № 4 и № 8\nБелый шёлк, 1 м',
      'Aniline dyes: 3 colours\nBrushes no. 4 and no. 8\nWhite silk, 1 m',
      'Tintes de anilina: 3 colores\nPinceles n.º 4 y n.º 8\nSeda blanca, 1 m',
    ),
    art: { kind: 'materials', palette: 'coral' },
  },
  {
    number: 4,
    title: t('Свадебный гребень с цветами', 'A bridal hair comb with flowers', 'Peineta nupcial con flores'),
    description: t(
      'Продвинутый урок: проектируем композицию под причёску, крепим миниатюрные цветы и жемчуг к гребню и аккуратно оформляем изнанку. Украшение выдержит весь свадебный день.',
      'An advanced lesson: design the arrangement around the hairstyle, fix miniature flowers and pearls to the comb and finish the back neatly. The piece will last the whole wedding day.',
      'Lección avanzada: diseñamos la composición según el peinado, fijamos flores en miniatura y perlas a la peineta y rematamos el reverso con cuidado. Aguantará todo el día de la boda.',
    ),
    level: 'advanced',
    priceRub: 390_000,
    priceEur: 4_200,
    priceUsd: 4_500,
    durationMinutes: 95,
    outcomes: t(
      'Проектировать композицию под причёску\nКрепить цветы и жемчуг к гребню\nАккуратно оформлять изнанку',
      'Design an arrangement for the hairstyle\nFix flowers and pearls to a comb\nFinish the back neatly',
      'Diseñar la composición según el peinado\nFijar flores y perlas a la peineta\nRematar el reverso con cuidado',
    ),
    materials: t(
      'Металлический гребень\nЖемчужные бусины 4 мм\nТонкая проволока 0,3 мм\nМиниатюрные цветы из урока 1',
      'A metal hair comb\nPearl beads, 4 mm\nFine wire, 0.3 mm\nMiniature flowers from lesson 1',
      'Una peineta metálica\nPerlas de 4 mm\nAlambre fino de 0,3 mm\nFlores en miniatura de la lección 1',
    ),
    art: { kind: 'accessory', palette: 'blush' },
  },
];

/** A course grouping seeded lessons (by number, in course order) and a live master class. */
export interface CourseSeed {
  key: string;
  title: LocalizedText;
  description: LocalizedText;
  level: 'basic' | 'intermediate' | 'advanced';
  isMasterClass: boolean;
  /** Lesson numbers in course order. */
  lessons: number[];
  /** "What you'll learn" and "Materials", one point per line. */
  outcomes: LocalizedText;
  materials: LocalizedText;
  durationMinutes: number | null;
  priceRub: number;
  priceEur: number;
  priceUsd: number;
  /** Days from the seeding day (live master class). */
  eventInDays: number | null;
  eventPlace: string | null;
  seatLimit: number | null;
  /** Index into LESSONS whose artwork the cover reuses (with another seed). */
  artOf: number;
}

export const COURSES: CourseSeed[] = [
  {
    key: 'garden',
    title: t('Садовые цветы из шёлка', 'Garden flowers in silk', 'Flores de jardín en seda'),
    description: t(
      'Курс из двух уроков: пышный пион и нежная ветка сирени. Вы научитесь тонировать лепестки, работать с булькой и собирать объёмные цветы. Если вы уже купили один из уроков, его стоимость засчитывается.',
      'A course of two lessons: a lush peony and a delicate lilac branch. Learn to tint petals, shape them with a ball tool and assemble full-bodied flowers. If you already bought one of the lessons, its price is credited.',
      'Un curso de dos lecciones: una peonía exuberante y una delicada rama de lila. Aprenderá a teñir pétalos, moldearlos con bolillo y montar flores con volumen. Si ya compró una de las lecciones, su precio se descuenta.',
    ),
    level: 'intermediate',
    isMasterClass: false,
    lessons: [2, 3],
    outcomes: t(
      'Тонировать лепестки пастелью и красителями\nРаботать с булькой\nСобирать объёмные садовые цветы',
      'Tint petals with pastels and dyes\nShape petals with a ball tool\nAssemble full-bodied garden flowers',
      'Teñir pétalos con pasteles y tintes\nModelar pétalos con bolillo\nMontar flores de jardín con volumen',
    ),
    materials: t(
      'Всё из списков уроков 2 и 3\nНабор булек (3 размера)',
      'Everything on the lists of lessons 2 and 3\nA set of ball tools (3 sizes)',
      'Todo lo de las listas de las lecciones 2 y 3\nUn juego de bolillos (3 tamaños)',
    ),
    durationMinutes: null,
    priceRub: 450_000,
    priceEur: 4_800,
    priceUsd: 5_200,
    eventInDays: null,
    eventPlace: null,
    seatLimit: null,
    artOf: 1,
  },
  {
    key: 'bridal-live',
    title: t('Мастер-класс: свадебный гребень', 'Master class: a bridal comb', 'Clase magistral: un peine nupcial'),
    description: t(
      'Одно большое занятие в мастерской: за четыре часа вы соберёте свадебный гребень с миниатюрными цветами и жемчугом. Все материалы включены. Запись занятия — урок 4 — открывается сразу после покупки.',
      'One long session in the studio: in four hours you make a bridal comb with miniature flowers and pearls. All materials included. The recording of the session — lesson 4 — opens right after purchase.',
      'Una sesión larga en el taller: en cuatro horas montará un peine nupcial con flores en miniatura y perlas. Todos los materiales incluidos. La grabación de la sesión — la lección 4 — se abre nada más comprar.',
    ),
    level: 'advanced',
    isMasterClass: true,
    lessons: [4],
    outcomes: t(
      'Собрать свадебный гребень за одно занятие\nПодобрать цветы к платью и причёске',
      'Make a bridal comb in one session\nChoose flowers to suit the dress and the hairstyle',
      'Montar un peine nupcial en una sesión\nElegir flores según el vestido y el peinado',
    ),
    materials: t(
      'Все материалы выдаём в мастерской',
      'All materials are provided in the studio',
      'Todos los materiales se entregan en el taller',
    ),
    durationMinutes: 240,
    priceRub: 900_000,
    priceEur: 9_500,
    priceUsd: 10_500,
    eventInDays: 30,
    eventPlace: 'Atelier studio, Madrid',
    seatLimit: 8,
    artOf: 3,
  },
];

export interface ReviewSeed {
  userName: string;
  text: string;
  rating: number;
  art?: ArtSpec;
}

export const REVIEWS: ReviewSeed[] = [
  {
    userName: 'Ольга',
    text: 'Заказывала букет невесты и бутоньерку. Анна подобрала оттенок шёлка точно под кружево платья, а на фотографиях цветы невозможно отличить от живых. Прошёл год — букет стоит дома как новый.',
    rating: 5,
    art: { kind: 'bouquet', palette: 'ivory' },
  },
  {
    userName: 'Екатерина М.',
    text: 'Прошла бесплатный урок про розу, потом купила урок с пионом. Объясняет спокойно и очень подробно, методичка удобная — распечатала и держу на столе. Мой первый пион уже подарила маме.',
    rating: 5,
  },
  {
    userName: 'Marina',
    text: 'Купила гребень «Жемчужная роса» на свадьбу сестры. Лёгкий, держался весь вечер, а упаковка такая, что открывать было жалко. Спасибо за внимательность к деталям!',
    rating: 5,
    art: { kind: 'accessory', palette: 'blush' },
  },
  {
    userName: 'Ирина Павловна',
    text: 'Оформляли к весне наш ресторан. Тюльпаны на столах гости трогают руками, не веря, что они не настоящие. Сроки соблюдены, всё привезли аккуратно.',
    rating: 5,
  },
  {
    userName: 'Sophie',
    text: 'I ordered the book in PDF and then bought the peony lesson. Clear explanations, beautiful photos and the templates really help. Shipping of the printed album to Germany took about two weeks.',
    rating: 4,
  },
  {
    userName: 'Наталья',
    text: 'Брала набор булек и отрез шёлка для начала. Качество отличное, шёлк уже пропитан — сразу можно работать. Хотелось бы ещё больше готовых наборов для новичков.',
    rating: 4,
  },
  {
    userName: 'Lucía',
    text: 'Compré la lección de teñido y por fin entiendo cómo conseguir degradados suaves. Anna explica cada paso con mucha paciencia. ¡Muy recomendable!',
    rating: 5,
  },
  {
    userName: 'Анастасия',
    text: 'Подарила подруге композицию в шляпной коробке на новоселье — она была в восторге. Цветы выглядят живыми, а коробку не нужно даже упаковывать.',
    rating: 5,
  },
];

export const PROMO = { code: 'SILK10', percentOff: 10 };
