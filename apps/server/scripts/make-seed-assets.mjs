/**
 * Makes the binary demo assets the seed ships with, ONCE, by hand; the results are committed under
 * apps/server/src/demo/assets/ and this script is never run at install or start-up.
 *
 *   npx tsx apps/server/scripts/make-seed-assets.mjs
 *
 * Needs: ffmpeg (libx264 + aac) on PATH and Chromium at /usr/bin/chromium (or CHROMIUM_PATH),
 * driven by playwright-core from the e2e workspace. Writes:
 *   - lesson-sample.mp4        5 s, 640×360, H.264 + AAC, faststart: a slow zoom over two floral
 *                              artworks with a title and a soft chord (the demo video of every lesson)
 *   - methodology-<n>-<lang>.pdf  the methodology sheet of lesson n (1–4) in ru, en and es
 *   - book-silk-flowers.pdf    the sample digital edition of the demo book
 * Tuned so all assets together stay well under 2 MB.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { renderArtwork } from '../src/demo/art.ts';

/** What the sheets say: one per lesson and language, written as the artisan would teach it. */
const METHODOLOGY = {
  ru: {
    labels: {
      brand: 'цветы из шёлка',
      lesson: 'Урок',
      materials: 'Материалы',
      tools: 'Инструменты',
      steps: 'Порядок работы',
      tip: 'Совет мастера.',
      footer: 'Методичка к видеоуроку. Только для личного использования покупателем урока.',
    },
    sheets: [
      {
        number: 1,
        level: 'базовый уровень',
        title: 'Шёлковая роза: первые лепестки',
        lead: 'Знакомимся с тканью, вырезаем лепестки по шаблону и собираем простую розу на проволоке.',
        materials: [
          'Натуральный шёлк крепдешин, 30 × 30 см',
          'Желатин пищевой, 1 ч. л. на 100 мл воды',
          'Проволока флористическая № 24',
          'Тейп-лента светло-зелёная',
          'Клей «Момент Кристалл»',
        ],
        tools: [
          'Острые ножницы',
          'Булька диаметром 10 мм',
          'Поролоновая подушечка',
          'Пинцет',
          'Шаблоны лепестков из урока',
        ],
        steps: [
          'Пропитайте шёлк желатиновым раствором, отожмите без скручивания и высушите на полотенце. Ткань должна стать упругой, как плотная бумага.',
          'Переведите шаблоны на ткань под углом 45° к долевой нити — по косой шёлк лучше тянется и красивее держит изгиб.',
          'Вырежьте 5 маленьких, 7 средних и 7 больших лепестков. Края не подравнивайте слишком старательно: живой цветок не бывает идеальным.',
          'Нагрейте бульку и проведите ею по центру каждого лепестка на подушечке — лепесток станет выпуклым, как ложечка.',
          'Сформируйте из ткани тугой бутон на проволоке, затем приклеивайте лепестки по спирали, каждый следующий — со смещением на половину предыдущего.',
          'Оберните основание и стебель тейп-лентой, слегка растягивая её, и расправьте внешние лепестки пальцами.',
        ],
        tip: 'Горячий инструмент держите в движении: задержка на одном месте оставляет на шёлке блестящий след, который уже не исправить.',
      },
      {
        number: 2,
        level: 'средний уровень',
        title: 'Пион из натурального шёлка',
        lead: 'Пышный садовый пион: гофрировка, многослойная сборка и тонировка сердцевины.',
        materials: [
          'Шёлк крепдешин или шифон, 50 × 50 см',
          'Желатин для пропитки',
          'Тычинки с жёлтыми головками, 30 шт.',
          'Проволока № 20 и № 26',
          'Тейп-лента, клей, сухая пастель',
        ],
        tools: ['Ножницы', 'Бульки 6 и 15 мм', 'Нож для гофрировки', 'Утюжок для цветов', 'Кисть с мягким ворсом'],
        steps: [
          'Подготовьте 45–50 лепестков трёх размеров. Внутренние лепестки делайте узкими и надрезанными по краю.',
          'Тонируйте основание каждого лепестка сухой пастелью — на 1/3 длины, растушёвывая кистью к краю.',
          'Прогофрируйте внешние лепестки ножом: 3–4 движения от центра к краю дают живую «жатость» пиона.',
          'Соберите сердцевину: пучок тычинок на проволоке и 10–12 мелких лепестков вокруг, чашечкой вверх.',
          'Приклеивайте лепестки ярусами, постепенно раскрывая цветок наружу. Каждый ярус слегка разворачивайте.',
          'Добавьте чашелистики из зелёного шёлка, оформите стебель и придайте цветку окончательную форму руками.',
        ],
        tip: 'Пион красив своей небрежностью. Если цветок выглядит слишком «правильным», разверните пару внешних лепестков в стороны.',
      },
      {
        number: 3,
        level: 'средний уровень',
        title: 'Окрашивание шёлка: мягкие переходы',
        lead: 'Анилиновые красители, акварельная техника и растяжка цвета от кремового до пудрово-розового.',
        materials: [
          'Белый шёлк крепдешин',
          'Анилиновые красители: розовый, жёлтый, серо-зелёный',
          'Спирт или водка для разведения',
          'Бумажные полотенца',
          'Плёнка для защиты стола',
        ],
        tools: [
          'Кисти синтетические № 4 и № 10',
          'Палитра',
          'Пипетка',
          'Пульверизатор с водой',
          'Фен с холодным режимом',
        ],
        steps: [
          'Растворите краситель в спирте и разведите водой: начинайте с самой светлой концентрации, темнее сделать всегда успеете.',
          'Слегка увлажните ткань из пульверизатора — по влажному шёлку краска расходится мягко, без жёстких границ.',
          'Наносите цвет от основания лепестка к краю, оставляя кромку почти белой.',
          'Для перехода в два цвета ведите второй оттенок навстречу первому, пока ткань влажная.',
          'Промокните излишки полотенцем и высушите прохладным воздухом, не перегревая ткань.',
          'Запишите пропорции удачных оттенков в тетрадь — так вы сможете повторить цвет для целой коллекции.',
        ],
        tip: 'Проверяйте оттенок на обрезке той же ткани: цвет на сухом шёлке всегда на тон светлее, чем на мокром.',
      },
      {
        number: 4,
        level: 'продвинутый уровень',
        title: 'Свадебный гребень с цветами',
        lead: 'Миниатюрные розы, бутоны и гипсофила на металлическом гребне — украшение, которое выдержит весь день.',
        materials: [
          'Готовые мелкие цветы из шёлка (7–9 шт.)',
          'Металлический гребень 8–10 см',
          'Проволока № 28',
          'Бусины-жемчуг 3–4 мм',
          'Тейп-лента в цвет металла',
        ],
        tools: ['Круглогубцы', 'Кусачки', 'Пинцет', 'Клей-гель', 'Сантиметровая лента'],
        steps: [
          'Разложите композицию на столе: крупные цветы ближе к центру, бутоны и веточки — к краям гребня.',
          'Укоротите стебли до 3–4 см и обмотайте их тонкой тейп-лентой, чтобы проволока не царапала волосы.',
          'Прикрепляйте элементы к основанию гребня проволокой № 28, продевая её между зубцами «восьмёркой».',
          'Добавьте веточки с жемчугом и гипсофилу, заполняя пустоты и смягчая силуэт.',
          'Закройте изнанку полоской шёлка на клею — гребень должен быть аккуратным со всех сторон.',
          'Проверьте украшение на весу и в причёске: ничего не должно качаться или перевешивать.',
        ],
        tip: 'Собирайте гребень по фотографии причёски невесты: высокая укладка любит вытянутую форму, низкий пучок — полумесяц.',
      },
    ],
    book: {
      title: 'Цветы из шёлка: от лепестка до букета',
      subtitle: 'Практическое руководство для тех, кто хочет научиться делать цветы своими руками',
      author: 'Atelier · авторское издание',
      footer: 'Ознакомительный фрагмент электронной версии книги.',
      chapters: [
        {
          title: 'Вместо предисловия',
          paragraphs: [
            'Шёлковые цветы появились задолго до того, как их начали продавать в магазинах. В японских мастерских их делали для кимоно и причёсок, во Франции — для шляпок и бальных платьев. Каждый лепесток вырезали, окрашивали и формовали вручную, и именно поэтому ни один цветок не повторял другой.',
            'Эта книга — о том же ремесле, но в современной мастерской. Я расскажу, как выбрать ткань, как подготовить её к работе, какие инструменты действительно нужны, а без каких легко обойтись. Вы научитесь делать розы, пионы, ранункулюсы и маленькие полевые цветы, а в последних главах соберёте из них бутоньерку, гребень и небольшой букет.',
            'Не бойтесь ошибок. Первая роза почти у всех получается немного кривой — и почти все её потом хранят. Терпение, хорошие ножницы и внимание к живым цветам за окном научат вас большему, чем любая инструкция.',
          ],
        },
        {
          title: 'Глава 1. Ткань и её характер',
          paragraphs: [
            'Натуральный шёлк — капризный, но благодарный материал. Крепдешин держит форму и хорошо окрашивается, шифон даёт прозрачность и лёгкость, а атлас придаёт лепесткам благородный блеск. Для первых работ берите крепдешин: он прощает неточности.',
            'Перед раскроем ткань пропитывают желатином. Раствор делает шёлк упругим, не давая краям осыпаться, и позволяет горячим инструментам «запомнить» изгиб лепестка. Слишком густой раствор делает ткань ломкой, слишком жидкий — мягкой; правильная пропорция — около чайной ложки желатина на сто миллилитров воды.',
            'Раскраивайте лепестки по косой нити. Под углом сорок пять градусов ткань тянется, и лепесток можно слегка вытянуть пальцами, придав ему естественную волну.',
          ],
        },
      ],
    },
  },
  en: {
    labels: {
      brand: 'silk flowers',
      lesson: 'Lesson',
      materials: 'Materials',
      tools: 'Tools',
      steps: 'Step by step',
      tip: 'From the studio.',
      footer: 'Methodology sheet for the video lesson. For the personal use of the lesson buyer only.',
    },
    sheets: [
      {
        number: 1,
        level: 'basic level',
        title: 'The silk rose: first petals',
        lead: 'Meet the fabric, cut petals from a template and assemble a simple rose on wire.',
        materials: [
          'Natural silk crêpe de chine, 30 × 30 cm',
          'Food gelatine, 1 tsp per 100 ml of water',
          'Floral wire, gauge 24',
          'Light green floral tape',
          'Clear craft glue',
        ],
        tools: ['Sharp scissors', 'Ball tool, 10 mm', 'Foam pad', 'Tweezers', 'Petal templates from the lesson'],
        steps: [
          'Soak the silk in the gelatine solution, press out the water without wringing and dry it flat on a towel. The fabric should feel crisp, like heavy paper.',
          'Trace the templates on the bias, at 45° to the grain: silk stretches better that way and holds a curve more gracefully.',
          'Cut 5 small, 7 medium and 7 large petals. Do not over-trim the edges; a living flower is never perfect.',
          'Heat the ball tool and stroke the centre of each petal on the foam pad so it cups like a spoon.',
          'Roll a tight bud of fabric on the wire, then glue the petals on in a spiral, each one overlapping half of the one before.',
          'Wrap the base and stem with floral tape, stretching it slightly, and open the outer petals with your fingers.',
        ],
        tip: 'Keep a hot tool moving: pausing in one place leaves a shiny mark on silk that cannot be undone.',
      },
      {
        number: 2,
        level: 'intermediate level',
        title: 'A peony in natural silk',
        lead: 'A lush garden peony: crimping, layered assembly and a tinted heart.',
        materials: [
          'Silk crêpe de chine or chiffon, 50 × 50 cm',
          'Gelatine for stiffening',
          'Stamens with yellow heads, 30 pcs',
          'Wire, gauges 20 and 26',
          'Floral tape, glue, soft pastels',
        ],
        tools: ['Scissors', 'Ball tools, 6 and 15 mm', 'Crimping knife', 'Flower-making iron', 'Soft brush'],
        steps: [
          'Prepare 45–50 petals in three sizes. Make the inner petals narrow and snip their edges.',
          'Tint the base of every petal with dry pastel across a third of its length, blending towards the edge with the brush.',
          'Crimp the outer petals with the knife: three or four strokes from the centre outwards give a peony its lively crumple.',
          'Build the heart: a bunch of stamens on wire with 10–12 small petals around it, cupped upwards.',
          'Glue the petals on in tiers, opening the flower outwards as you go and turning each tier slightly.',
          'Add sepals of green silk, finish the stem and shape the flower by hand.',
        ],
        tip: 'A peony is beautiful because it is a little careless. If yours looks too tidy, turn a couple of outer petals outwards.',
      },
      {
        number: 3,
        level: 'intermediate level',
        title: 'Dyeing silk: soft gradients',
        lead: 'Aniline dyes, a watercolour technique and colour that drifts from cream to powder pink.',
        materials: [
          'White silk crêpe de chine',
          'Aniline dyes: pink, yellow, grey-green',
          'Alcohol or vodka for diluting',
          'Paper towels',
          'Plastic sheet to protect the table',
        ],
        tools: ['Synthetic brushes no. 4 and no. 10', 'Palette', 'Pipette', 'Water spray', 'Hair dryer on cool'],
        steps: [
          'Dissolve the dye in alcohol and dilute it with water; start with the palest mix, you can always go darker.',
          'Mist the fabric lightly: on damp silk colour spreads softly, without hard edges.',
          'Lay the colour from the base of the petal to its edge, leaving the rim almost white.',
          'For a two-colour blend, bring the second shade towards the first while the fabric is still damp.',
          'Blot the excess with a towel and dry with cool air so the fabric never overheats.',
          'Write down the proportions of shades you like, so you can repeat the colour for a whole collection.',
        ],
        tip: 'Test each shade on an offcut of the same fabric: colour on dry silk is always a tone lighter than on wet.',
      },
      {
        number: 4,
        level: 'advanced level',
        title: 'A bridal hair comb with flowers',
        lead: 'Miniature roses, buds and baby’s breath on a metal comb: a piece that lasts the whole day.',
        materials: [
          'Small finished silk flowers (7–9 pcs)',
          'Metal comb, 8–10 cm',
          'Wire, gauge 28',
          'Pearl beads, 3–4 mm',
          'Floral tape in the colour of the metal',
        ],
        tools: ['Round-nose pliers', 'Wire cutters', 'Tweezers', 'Gel glue', 'Tape measure'],
        steps: [
          'Lay out the design on the table: larger flowers towards the centre, buds and sprigs towards the ends of the comb.',
          'Trim the stems to 3–4 cm and wrap them in thin tape so the wire never scratches the hair.',
          'Fix each element to the spine of the comb with gauge 28 wire, threading it between the teeth in a figure of eight.',
          'Add pearl sprigs and baby’s breath to fill the gaps and soften the outline.',
          'Cover the back with a strip of silk and glue: the comb should be neat from every side.',
          'Test the piece in your hand and in a hairstyle: nothing should wobble or tip over.',
        ],
        tip: 'Design the comb around a photo of the bride’s hairstyle: an updo loves an elongated shape, a low bun a crescent.',
      },
    ],
  },
  es: {
    labels: {
      brand: 'flores de seda',
      lesson: 'Lección',
      materials: 'Materiales',
      tools: 'Herramientas',
      steps: 'Paso a paso',
      tip: 'Consejo del taller.',
      footer: 'Guía metodológica de la lección en vídeo. Solo para uso personal de quien compró la lección.',
    },
    sheets: [
      {
        number: 1,
        level: 'nivel básico',
        title: 'La rosa de seda: primeros pétalos',
        lead: 'Conocemos la tela, cortamos pétalos con plantilla y montamos una rosa sencilla sobre alambre.',
        materials: [
          'Seda natural crepé de China, 30 × 30 cm',
          'Gelatina alimentaria, 1 cucharadita por 100 ml de agua',
          'Alambre floral n.º 24',
          'Cinta floral verde claro',
          'Pegamento transparente',
        ],
        tools: [
          'Tijeras afiladas',
          'Bolillo de 10 mm',
          'Almohadilla de espuma',
          'Pinzas',
          'Plantillas de pétalos de la lección',
        ],
        steps: [
          'Empape la seda en la solución de gelatina, escúrrala sin retorcerla y séquela extendida sobre una toalla. La tela debe quedar firme, como un papel grueso.',
          'Calque las plantillas al bies, a 45° del hilo: así la seda se estira mejor y sostiene la curva con más gracia.',
          'Corte 5 pétalos pequeños, 7 medianos y 7 grandes. No iguale demasiado los bordes: una flor viva nunca es perfecta.',
          'Caliente el bolillo y páselo por el centro de cada pétalo sobre la almohadilla para que se ahueque como una cuchara.',
          'Enrolle un capullo apretado de tela sobre el alambre y pegue los pétalos en espiral, cada uno cubriendo la mitad del anterior.',
          'Forre la base y el tallo con cinta floral, estirándola un poco, y abra los pétalos exteriores con los dedos.',
        ],
        tip: 'Mantenga la herramienta caliente siempre en movimiento: si se detiene, deja en la seda una marca brillante que ya no se puede corregir.',
      },
      {
        number: 2,
        level: 'nivel intermedio',
        title: 'Una peonía de seda natural',
        lead: 'Una peonía de jardín frondosa: plisado, montaje por capas y un corazón entintado.',
        materials: [
          'Seda crepé de China o gasa, 50 × 50 cm',
          'Gelatina para aprestar',
          'Estambres de cabeza amarilla, 30 uds.',
          'Alambre n.º 20 y n.º 26',
          'Cinta floral, pegamento, pastel seco',
        ],
        tools: ['Tijeras', 'Bolillos de 6 y 15 mm', 'Cuchilla para plisar', 'Plancha para flores', 'Pincel suave'],
        steps: [
          'Prepare 45–50 pétalos de tres tamaños. Haga los interiores estrechos y con pequeños cortes en el borde.',
          'Entinte la base de cada pétalo con pastel seco en un tercio de su longitud, difuminando hacia el borde con el pincel.',
          'Plise los pétalos exteriores con la cuchilla: tres o cuatro pasadas del centro al borde dan a la peonía su arrugado natural.',
          'Monte el corazón: un ramillete de estambres sobre alambre con 10–12 pétalos pequeños alrededor, ahuecados hacia arriba.',
          'Pegue los pétalos por pisos, abriendo la flor hacia fuera y girando ligeramente cada piso.',
          'Añada los sépalos de seda verde, termine el tallo y dé a la flor su forma final con las manos.',
        ],
        tip: 'La peonía es bonita por su aire descuidado. Si la suya parece demasiado ordenada, abra hacia fuera un par de pétalos exteriores.',
      },
      {
        number: 3,
        level: 'nivel intermedio',
        title: 'Teñir la seda: degradados suaves',
        lead: 'Tintes de anilina, técnica de acuarela y un color que pasa del crema al rosa empolvado.',
        materials: [
          'Seda blanca crepé de China',
          'Tintes de anilina: rosa, amarillo, verde grisáceo',
          'Alcohol o vodka para diluir',
          'Papel de cocina',
          'Plástico para proteger la mesa',
        ],
        tools: [
          'Pinceles sintéticos n.º 4 y n.º 10',
          'Paleta',
          'Pipeta',
          'Pulverizador de agua',
          'Secador en aire frío',
        ],
        steps: [
          'Disuelva el tinte en alcohol y dilúyalo con agua; empiece por la mezcla más clara, oscurecer siempre es posible.',
          'Humedezca la tela con el pulverizador: sobre la seda húmeda el color se extiende suave, sin bordes duros.',
          'Aplique el color desde la base del pétalo hacia el borde, dejando el filo casi blanco.',
          'Para un degradado de dos colores, lleve el segundo tono hacia el primero mientras la tela sigue húmeda.',
          'Retire el exceso con papel y seque con aire frío, sin calentar la tela.',
          'Anote las proporciones de los tonos que le gusten para poder repetir el color en toda una colección.',
        ],
        tip: 'Pruebe cada tono en un retal de la misma tela: sobre seda seca el color siempre queda un tono más claro que mojado.',
      },
      {
        number: 4,
        level: 'nivel avanzado',
        title: 'Peineta nupcial con flores',
        lead: 'Rosas en miniatura, capullos y paniculata sobre una peineta metálica: una joya que aguanta todo el día.',
        materials: [
          'Flores de seda pequeñas terminadas (7–9 uds.)',
          'Peineta metálica de 8–10 cm',
          'Alambre n.º 28',
          'Perlas de 3–4 mm',
          'Cinta floral del color del metal',
        ],
        tools: ['Alicates de punta redonda', 'Alicates de corte', 'Pinzas', 'Pegamento en gel', 'Cinta métrica'],
        steps: [
          'Distribuya la composición sobre la mesa: las flores grandes hacia el centro, capullos y ramitas hacia los extremos.',
          'Acorte los tallos a 3–4 cm y fórrelos con cinta fina para que el alambre no raye el cabello.',
          'Fije cada elemento al lomo de la peineta con alambre n.º 28, pasándolo entre los dientes en forma de ocho.',
          'Añada ramitas de perlas y paniculata para rellenar los huecos y suavizar la silueta.',
          'Cubra el reverso con una tira de seda pegada: la peineta debe quedar pulcra por todos los lados.',
          'Pruebe la pieza en la mano y en el peinado: nada debe bailar ni desequilibrarse.',
        ],
        tip: 'Diseñe la peineta a partir de una foto del peinado de la novia: un recogido alto pide una forma alargada; un moño bajo, una media luna.',
      },
    ],
  },
};

const ASSETS = fileURLToPath(new URL('../src/demo/assets/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function makeVideo(work) {
  const frames = [
    await renderArtwork({ kind: 'bouquet', palette: 'blush', seed: 501, width: 1280, height: 720 }),
    await renderArtwork({ kind: 'workshop', palette: 'peach', seed: 502, width: 1280, height: 720 }),
  ];
  for (const [i, png] of frames.entries()) await writeFile(path.join(work, `f${i}.png`), png);
  const out = path.join(ASSETS, 'lesson-sample.mp4');
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';
  // Two 2.8 s slow zooms joined by a 0.6 s crossfade = 5 s; a title fades in over the first shot.
  const zoom = (i) =>
    `[${i}:v]scale=1280:720,zoompan=z='min(zoom+0.0009,1.12)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=70:s=640x360:fps=25,setsar=1[v${i}]`;
  const filter = [
    zoom(0),
    zoom(1),
    '[v0][v1]xfade=transition=fade:duration=0.6:offset=2.2[vx]',
    `[vx]drawtext=fontfile=${font}:text='Atelier · silk flowers':fontcolor=0x5a3b3f:fontsize=30:x=(w-text_w)/2:y=h-64:alpha='if(lt(t,2.4),min(1,t/0.8),max(0,1-(t-2.4)/0.4))',format=yuv420p[v]`,
    // A quiet major chord with fade in/out, so players show a real audio track.
    "aevalsrc='0.12*sin(2*PI*261.63*t)+0.09*sin(2*PI*329.63*t)+0.08*sin(2*PI*392*t)':s=44100:d=5,afade=t=in:d=0.6,afade=t=out:st=4.2:d=0.8[a]",
  ].join(';');
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      ...['-loop', '1', '-t', '2.8', '-i', path.join(work, 'f0.png')],
      ...['-loop', '1', '-t', '2.8', '-i', path.join(work, 'f1.png')],
      '-filter_complex',
      filter,
      ...['-map', '[v]', '-map', '[a]', '-t', '5'],
      ...['-c:v', 'libx264', '-profile:v', 'main', '-preset', 'slow', '-crf', '23', '-r', '25'],
      ...['-c:a', 'aac', '-b:a', '64k', '-ac', '2'],
      ...['-movflags', '+faststart', out],
    ],
    { stdio: 'inherit' },
  );
  return out;
}

const css = `
  @page { size: A4; margin: 18mm 18mm 16mm; }
  body { font-family: 'DejaVu Serif', 'Liberation Serif', serif; color: #3d3033; font-size: 10.5pt; line-height: 1.45; }
  header { border-bottom: 2px solid #e2b9bf; padding-bottom: 8px; margin-bottom: 14px; display: flex; justify-content: space-between; align-items: flex-end; }
  header .brand { font-size: 9pt; letter-spacing: 0.18em; text-transform: uppercase; color: #a0606c; }
  header .level { font-size: 9pt; color: #7b6b6e; }
  h1 { font-size: 19pt; margin: 0 0 4px; color: #5a3340; font-weight: normal; }
  .lead { font-style: italic; color: #6b5a5d; margin: 0 0 12px; }
  h2 { font-size: 12pt; color: #8a4a58; margin: 14px 0 6px; font-weight: bold; }
  ul, ol { margin: 0; padding-left: 20px; } li { margin: 2px 0; }
  .cols { display: flex; gap: 18px; } .cols > div { flex: 1; }
  .tip { background: #f8eeee; border-left: 3px solid #d89aa5; padding: 8px 12px; margin-top: 14px; }
  footer { margin-top: 16px; font-size: 8.5pt; color: #9a8a8d; border-top: 1px solid #eadfe0; padding-top: 6px; }
  img.art { width: 100%; border-radius: 6px; margin: 6px 0 10px; }
`;

const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function methodologyHtml(sheet, labels) {
  return `<!doctype html><html lang="${labels.lang}"><meta charset="utf-8"><style>${css}</style><body>
<header><span class="brand">Atelier · ${esc(labels.brand)}</span><span class="level">${esc(labels.lesson)} ${sheet.number} · ${esc(sheet.level)}</span></header>
<h1>${esc(sheet.title)}</h1><p class="lead">${esc(sheet.lead)}</p>
<div class="cols"><div><h2>${esc(labels.materials)}</h2><ul>${sheet.materials.map((m) => `<li>${esc(m)}</li>`).join('')}</ul></div>
<div><h2>${esc(labels.tools)}</h2><ul>${sheet.tools.map((m) => `<li>${esc(m)}</li>`).join('')}</ul></div></div>
<h2>${esc(labels.steps)}</h2><ol>${sheet.steps.map((m) => `<li>${esc(m)}</li>`).join('')}</ol>
<div class="tip"><b>${esc(labels.tip)}</b> ${esc(sheet.tip)}</div>
<footer>${esc(labels.footer)}</footer></body></html>`;
}

async function makePdfs(browser) {
  const page = await browser.newPage();
  const written = [];
  for (const [lang, { labels, sheets }] of Object.entries(METHODOLOGY)) {
    for (const sheet of sheets) {
      await page.setContent(methodologyHtml(sheet, { ...labels, lang }), { waitUntil: 'load' });
      const out = path.join(ASSETS, `methodology-${sheet.number}-${lang}.pdf`);
      await page.pdf({ path: out, format: 'A4', printBackground: true, preferCSSPageSize: true });
      written.push(out);
    }
  }
  // The digital book: a cover with a floral plate, then two pages of the opening chapter.
  const cover = await sharp(
    await renderArtwork({ kind: 'bouquet', palette: 'blush', seed: 777, width: 900, height: 700 }),
  )
    .jpeg({ quality: 72 })
    .toBuffer();
  const book = METHODOLOGY.ru.book;
  const html = `<!doctype html><html lang="ru"><meta charset="utf-8"><style>${css}
    .cover { text-align: center; page-break-after: always; padding-top: 30mm; }
    .cover h1 { font-size: 28pt; } .cover .by { letter-spacing: 0.2em; text-transform: uppercase; color: #a0606c; margin-top: 8px; }
    p { text-align: justify; margin: 0 0 8px; text-indent: 1.2em; }</style><body>
    <section class="cover"><img class="art" src="data:image/jpeg;base64,${cover.toString('base64')}" alt="">
    <h1>${esc(book.title)}</h1><p class="lead" style="text-indent:0">${esc(book.subtitle)}</p><div class="by">${esc(book.author)}</div></section>
    ${book.chapters.map((c) => `<h2>${esc(c.title)}</h2>${c.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}`).join('')}
    <footer>${esc(book.footer)}</footer></body></html>`;
  await page.setContent(html, { waitUntil: 'load' });
  const out = path.join(ASSETS, 'book-silk-flowers.pdf');
  await page.pdf({ path: out, format: 'A4', printBackground: true, preferCSSPageSize: true });
  written.push(out);
  await page.close();
  return written;
}

await mkdir(ASSETS, { recursive: true });
const work = await mkdtemp(path.join(tmpdir(), 'seed-assets-'));
try {
  const files = [await makeVideo(work)];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    files.push(...(await makePdfs(browser)));
  } finally {
    await browser.close();
  }
  let total = 0;
  for (const file of files) {
    const { size } = await stat(file);
    total += size;
    console.log(`${path.basename(file).padEnd(28)} ${(size / 1024).toFixed(1)} KB`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB`);
} finally {
  await rm(work, { recursive: true, force: true });
}
