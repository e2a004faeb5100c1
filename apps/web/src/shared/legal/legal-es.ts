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
};
