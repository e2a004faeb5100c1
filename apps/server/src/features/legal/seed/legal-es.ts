import type { LegalTexts } from './legal-types';

export const LEGAL_ES: LegalTexts = {
  terms: {
    title: 'Oferta pública para personas físicas',
    updated: 'Versión del 1 de septiembre de 2025',
    intro:
      'Estas condiciones son una oferta del taller Atelier (el Vendedor) a cualquier persona física con plena capacidad (el Comprador) para celebrar un contrato de compraventa de productos y de acceso a lecciones en vídeo en las condiciones siguientes. Realizar un pedido en el sitio supone la aceptación total e incondicional de estas condiciones.',
    sections: [
      {
        heading: '1. Objeto del contrato',
        paragraphs: [
          'El Vendedor entrega los productos del catálogo del sitio: flores y ramos de seda hechos a mano, accesorios, herramientas, materiales, libros impresos y digitales, y da acceso a lecciones en vídeo y a sus fichas metodológicas.',
          'La descripción, las fotos y la disponibilidad de cada artículo (en stock, agotado, por encargo) figuran en su página. Las piezas artesanales pueden diferir ligeramente de las fotos en el tono y la forma de los pétalos; esto no es un defecto.',
        ],
      },
      {
        heading: '2. Precios y pagos',
        paragraphs: [
          'Todos los pagos de este contrato se realizan en rublos rusos. Los precios en euros y dólares estadounidenses se muestran solo como referencia; el importe final del pedido se fija en rublos al realizarlo.',
          'Se acepta el pago con tarjeta bancaria, transferencia bancaria, efectivo a la entrega (si está disponible para el envío elegido) o mediante una factura de PayPal enviada al correo electrónico indicado por el Comprador.',
          'Un pedido con importe cero (por ejemplo, una lección cubierta por completo con un código promocional) se confirma sin pago.',
        ],
      },
      {
        heading: '3. Envío',
        paragraphs: [
          'Los productos físicos se entregan por mensajería, en un punto de recogida o por el correo nacional. Costes de envío: estándar 300 ₽, exprés 500 ₽, recogida en el taller gratuita; el correo y el punto de recogida se cobran a la tarifa estándar.',
          'El envío es gratuito para pedidos de 5000 ₽ o más.',
          'Un pedido entregado en un punto de recogida debe retirarse en un plazo de 7 días desde su llegada. Después se devuelve al Vendedor y el nuevo envío corre a cargo del Comprador.',
          'La entrega por correo nacional tarda de 2 a 10 días desde que el paquete se entrega al servicio postal.',
          'Los libros digitales y las fichas metodológicas se envían como enlace al correo del Comprador tras el pago. Las lecciones en vídeo están disponibles en la cuenta justo después del pago.',
        ],
      },
      {
        heading: '4. Devoluciones y cambios',
        paragraphs: [
          'El Comprador puede desistir de un pedido de productos físicos en buen estado antes de la entrega y en los 7 días siguientes a ella, siempre que conserven su presentación y propiedades. No se admiten devoluciones de piezas hechas según encargo individual.',
          'Los productos digitales (libros electrónicos, lecciones en vídeo, fichas metodológicas) y los libros no admiten devolución.',
          'Si un artículo llega con un defecto, el Comprador puede pedir su sustitución, reparación o el reembolso.',
        ],
      },
      {
        heading: '5. Reclamaciones',
        paragraphs: [
          'Las reclamaciones se envían al correo indicado en la sección Contacto del sitio. El Vendedor responde en un plazo de dos días hábiles desde su recepción.',
          'Las controversias no resueltas por esta vía se rigen por la legislación de la Federación de Rusia.',
        ],
      },
      {
        heading: '6. Otras condiciones',
        paragraphs: [
          'El Vendedor puede modificar estas condiciones; la nueva versión rige desde su publicación en el sitio y no afecta a los pedidos ya realizados.',
          'Los datos personales del Comprador se tratan según la Política de privacidad publicada en /privacy/.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Política de privacidad',
    updated: 'Versión del 1 de septiembre de 2025',
    intro:
      'Esta política explica qué datos personales recoge el taller Atelier, para qué y cómo se tratan y protegen. La política está publicada de forma permanente en el sitio en /privacy/.',
    sections: [
      {
        heading: '1. Datos que recogemos',
        paragraphs: [
          'Al registrarse: nombre, correo electrónico y contraseña (la contraseña se guarda solo como un hash seguro).',
          'Al hacer un pedido: nombre y apellidos, correo, teléfono, país, ciudad, dirección, código postal, dirección del punto de recogida y comentario del pedido.',
          'Al publicar una opinión: el texto, la valoración y, si lo desea, una foto.',
          'Datos técnicos: cookies, idioma y moneda elegidos y datos del navegador necesarios para el funcionamiento del sitio.',
        ],
      },
      {
        heading: '2. Para qué los tratamos',
        paragraphs: [
          'Para cumplir el contrato: tramitar, cobrar y entregar pedidos, dar acceso a lecciones en vídeo y materiales digitales.',
          'Para comunicarnos: confirmar su correo, avisos del estado del pedido, respuestas a consultas y reclamaciones.',
          'Para el funcionamiento del sitio: acceso a la cuenta, conservar la cesta, el idioma y la moneda.',
        ],
      },
      {
        heading: '3. Cesión a terceros',
        paragraphs: [
          'Solo compartimos datos con quienes son necesarios para cumplir el pedido: servicios de mensajería (nombre, teléfono, dirección) y servicios de pago (importe y correo para la factura de PayPal). Los datos de la tarjeta se introducen en la página del servicio de pago y nunca llegan a nosotros.',
          'No vendemos datos personales ni los usamos para publicidad de terceros.',
        ],
      },
      {
        heading: '4. Cookies',
        paragraphs: [
          'El sitio usa cookies esenciales: el token de acceso (se guarda 7 días) y el idioma elegido (se guarda 365 días). Su elección en el aviso de cookies se guarda en su navegador. Puede borrar las cookies en la configuración del navegador; después tendrá que iniciar sesión de nuevo.',
        ],
      },
      {
        heading: '5. Conservación y protección',
        paragraphs: [
          'Los datos se conservan solo el tiempo necesario para estos fines y las obligaciones legales. Solo los administradores del taller tienen acceso. Las conexiones al sitio están protegidas y las contraseñas se guardan como hash.',
        ],
      },
      {
        heading: '6. Sus derechos',
        paragraphs: [
          'Puede solicitar información sobre sus datos, su rectificación o supresión, o retirar su consentimiento escribiendo al correo de la sección Contacto. Respondemos en dos días hábiles.',
          'Los cambios de esta política se publican en esta página con la fecha de la nueva versión.',
        ],
      },
    ],
  },
  agreement: {
    title: 'Acuerdo de usuario',
    updated: 'Versión del 1 de septiembre de 2025',
    intro:
      'Este acuerdo regula el uso del sitio web del taller Atelier. Al registrarse o usar el sitio confirma que lo ha leído y lo acepta.',
    sections: [
      {
        heading: '1. Quién puede usar el sitio',
        paragraphs: [
          'Pueden usar el sitio las personas de 6 años o más. Los menores de 18 años se registran y compran con el consentimiento de sus padres o tutores legales.',
          'Sin registrarse se puede consultar el catálogo, el portafolio, las opiniones, las lecciones y los documentos legales. La cesta, los pedidos, la compra y visualización de lecciones y las opiniones están disponibles tras registrarse y confirmar el correo.',
        ],
      },
      {
        heading: '2. Su cuenta',
        paragraphs: [
          'El usuario facilita datos veraces y mantiene su contraseña en secreto. Las acciones realizadas con una cuenta se consideran realizadas por su titular.',
          'La administración puede limitar el acceso a una cuenta que incumpla este acuerdo.',
        ],
      },
      {
        heading: '3. Lecciones en vídeo y materiales',
        paragraphs: [
          'Las lecciones y fichas metodológicas se ofrecen para el aprendizaje personal. Está prohibido copiarlas, grabarlas, publicarlas, revenderlas o compartir el acceso con terceros.',
          'Todas las fotos, textos, vídeos y patrones originales del sitio pertenecen al taller y están protegidos por la ley.',
        ],
      },
      {
        heading: '4. Opiniones',
        paragraphs: [
          'Las opiniones se publican tras su moderación. No publicamos opiniones con insultos, publicidad, datos personales ajenos o contenidos ilícitos.',
          'Al publicar una opinión con foto, el usuario confirma que tiene derechos sobre ella y permite mostrarla en el sitio.',
        ],
      },
      {
        heading: '5. Responsabilidad',
        paragraphs: [
          'El sitio se ofrece «tal cual». El taller procura su funcionamiento continuo, pero no responde de interrupciones temporales por mantenimiento o causas ajenas a su control.',
          'Las condiciones de compra figuran en la Oferta pública; el tratamiento de datos, en la Política de privacidad en /privacy/.',
        ],
      },
      {
        heading: '6. Cambios y contacto',
        paragraphs: [
          'Este acuerdo puede actualizarse; la nueva versión se publica en esta página. Envíe sus preguntas al correo de la sección Contacto: respondemos en dos días hábiles.',
        ],
      },
    ],
  },
  'personal-data': {
    title: 'Consentimiento para el tratamiento de datos personales',
    updated: 'Versión del 1 de septiembre de 2025',
    intro:
      'Actuando libremente, por mi propia voluntad y en mi interés, doy al estudio Atelier (el Operador) mi consentimiento para tratar mis datos personales en las condiciones siguientes. Este consentimiento se da por separado de los demás documentos del sitio, como exige el artículo 9 de la Ley Federal rusa n.º 152-FZ «Sobre datos personales», de 27 de julio de 2006.',
    sections: [
      {
        heading: '1. Qué datos',
        paragraphs: [
          'Nombre y apellidos, correo electrónico, teléfono; país, ciudad, dirección, código postal y dirección del punto de recogida; el comentario del pedido; el historial de pedidos y de compras de lecciones; la dirección IP y los datos del navegador en el momento de dar el consentimiento.',
        ],
      },
      {
        heading: '2. Para qué',
        paragraphs: [
          'Registrar y mantener la cuenta; tramitar, cobrar y entregar los pedidos; dar acceso a las lecciones en vídeo y a los materiales digitales; comunicarnos sobre pedidos, reclamaciones y consultas; cumplir obligaciones legales, incluida la contabilidad.',
        ],
      },
      {
        heading: '3. Qué hace el Operador con los datos',
        paragraphs: [
          'Recogida, registro, organización, acumulación, conservación, rectificación, extracción, uso, transmisión (cesión, acceso) a los servicios de entrega y de pago en la medida que el pedido lo requiera, anonimización, bloqueo, supresión y destrucción, con y sin medios automatizados.',
        ],
      },
      {
        heading: '4. Duración y revocación',
        paragraphs: [
          'El consentimiento dura hasta cumplir los fines del tratamiento o hasta su revocación. Puede revocarlo escribiendo al correo de la sección Contactos o eliminando su cuenta.',
          'La revocación no afecta al tratamiento anterior. Los datos que la ley obliga a conservar (por ejemplo, los pedidos para la contabilidad) se guardan durante el plazo legal.',
        ],
      },
      {
        heading: '5. Más información',
        paragraphs: ['Cómo se tratan y protegen los datos se describe en la Política de privacidad, en /privacy/.'],
      },
    ],
  },
  'cross-border': {
    title: 'Consentimiento para la transferencia internacional de datos personales',
    updated: 'Versión del 1 de septiembre de 2025',
    intro:
      'Doy al estudio Atelier mi consentimiento para transferir mis datos personales al extranjero cuando elijo pagar un pedido con PayPal. Sin este consentimiento no se puede pagar con PayPal; puede pagar con tarjeta en rublos.',
    sections: [
      {
        heading: '1. A quién y adónde',
        paragraphs: [
          'Al operador del servicio de pago PayPal: empresas del grupo PayPal Holdings, Inc., entre ellas PayPal (Europe) S.à r.l. et Cie, S.C.A. (Luxemburgo). Los datos pueden tratarse en países que no protegen los derechos de los interesados como la Federación de Rusia.',
        ],
      },
      {
        heading: '2. Qué datos',
        paragraphs: [
          'El correo para la factura, el nombre y los apellidos, y el número, el importe y la moneda del pedido.',
        ],
      },
      {
        heading: '3. Para qué',
        paragraphs: ['Emitir la factura de PayPal y cobrar el pedido en euros o dólares estadounidenses.'],
      },
      {
        heading: '4. Duración y revocación',
        paragraphs: [
          'El consentimiento dura hasta liquidar el pedido o hasta que lo revoque escribiendo al correo de la sección Contactos. Los datos ya enviados a PayPal se tratan según las normas de PayPal.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Aviso de cookies',
    updated: 'Versión del 1 de septiembre de 2025',
    intro:
      'El sitio guarda algunos datos en su navegador: cookies y entradas del almacenamiento local. Este aviso explica cuáles y para qué.',
    sections: [
      {
        heading: '1. Necesarias para el funcionamiento',
        paragraphs: [
          'El token de acceso (7 días), el idioma (365 días) y la moneda elegidos, el carrito, su elección en este banner y el identificador aleatorio con el que se registra.',
        ],
      },
      {
        heading: '2. Publicidad y analítica',
        paragraphs: ['El sitio no usa cookies publicitarias ni cookies de analítica de terceros.'],
      },
      {
        heading: '3. Cómo se registra su elección',
        paragraphs: [
          'Cuando pulsa «Aceptar» o «Rechazar» registramos su elección, la versión de este aviso, la hora y la dirección IP, y su cuenta si ha iniciado sesión.',
        ],
      },
      {
        heading: '4. Cómo gestionarlas',
        paragraphs: [
          'Puede borrar las cookies en la configuración del navegador; después tendrá que volver a iniciar sesión.',
        ],
      },
    ],
  },
  marketing: {
    title: 'Consentimiento para recibir correos comerciales y novedades',
    updated: 'Versión del 1 de septiembre de 2025',
    intro:
      'Doy al estudio Atelier mi consentimiento para enviarme publicidad y novedades por correo electrónico (artículo 18.1 de la Ley Federal rusa «Sobre la publicidad»). No es necesario para comprar y está desactivado salvo que yo lo active.',
    sections: [
      {
        heading: '1. Qué enviamos',
        paragraphs: [
          'Un recordatorio de los artículos que dejó en el carrito; novedades del estudio, nuevas lecciones y clases magistrales, ofertas especiales: como mucho unos pocos correos al mes.',
        ],
      },
      {
        heading: '2. Qué datos se usan',
        paragraphs: [
          'Su nombre, correo electrónico, idioma del sitio y el contenido del carrito (para el recordatorio).',
        ],
      },
      {
        heading: '3. Cómo dejar de recibirlos',
        paragraphs: ['Desmarque la casilla en su cuenta cuando quiera: los correos se detienen en el acto.'],
      },
    ],
  },
};
