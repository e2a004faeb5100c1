/** Texts of the shop catalogue and its admin: the server's answers and the shop page's head texts. */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const SHOP_MESSAGES = {
  productRemoved: {
    ru: 'Этой работы больше нет в магазине',
    en: 'This piece is no longer available',
    es: 'Esta pieza ya no está disponible',
  },
  priceRangeInvalid: {
    ru: 'Минимальная цена не может быть больше максимальной',
    en: 'The minimum price cannot be greater than the maximum price',
    es: 'El precio mínimo no puede ser mayor que el precio máximo',
  },
  productRuRequired: {
    ru: 'Заполните текст на русском языке',
    en: 'The Russian text is required',
    es: 'El texto en ruso es obligatorio',
  },
  priceTwoDecimals: {
    ru: 'Цена может иметь не больше двух знаков после запятой',
    en: 'A price can have at most two decimals',
    es: 'Un precio puede tener como máximo dos decimales',
  },
  priceRubRequired: {
    ru: 'Укажите цену в рублях больше нуля',
    en: 'Enter a price in roubles greater than zero',
    es: 'Indique un precio en rublos mayor que cero',
  },
  subcategoryOnlyCollection: {
    ru: 'Подкатегория бывает только у товаров коллекции',
    en: 'Only collection products have a subcategory',
    es: 'Solo los productos de la colección tienen subcategoría',
  },
  bookFormatsOnlyBooks: {
    ru: 'Формат указывается только для книг',
    en: 'Only books have a format',
    es: 'Solo los libros tienen formato',
  },
  bookFormatsRequired: {
    ru: 'Выберите формат книги: печатная и/или электронная',
    en: 'Choose the book format: printed and/or digital',
    es: 'Elija el formato del libro: impreso y/o digital',
  },
  digitalFileRequired: {
    ru: 'Для электронной книги загрузите файл',
    en: 'Upload the file of the digital book',
    es: 'Suba el archivo del libro digital',
  },
  digitalFileType: {
    ru: 'Электронная книга должна быть в формате PDF или EPUB',
    en: 'The digital book must be a PDF or EPUB file',
    es: 'El libro digital debe ser un archivo PDF o EPUB',
  },
  digitalFileTooLarge: {
    ru: 'Файл книги не должен превышать 200MB',
    en: 'The book file must not exceed 200MB',
    es: 'El archivo del libro no debe superar los 200MB',
  },
  tooManyImages: {
    ru: 'У товара может быть не больше 10 изображений',
    en: 'A product can have at most 10 images',
    es: 'Un producto puede tener como máximo 10 imágenes',
  },
  productArchived: {
    ru: 'Товар есть в заказах, поэтому он перенесён в архив',
    en: 'The product has orders, so it was archived',
    es: 'El producto tiene pedidos, por eso se ha archivado',
  },
  productDeleted: { ru: 'Товар удалён', en: 'Product deleted', es: 'Producto eliminado' },
  productSaved: { ru: 'Товар сохранён', en: 'Product saved', es: 'Producto guardado' },
} satisfies Record<string, Texts>;

export const SHOP_PAGE_TEXTS = {
  shop: {
    title: pageTitle('shop'),
    description: {
      ru: 'Букеты и цветы из шёлка, книги, инструменты и материалы для флористики из ткани. Доставка курьером, в пункт выдачи и почтой.',
      en: 'Silk flower bouquets, books, tools and materials for fabric floristry. Delivery by courier, to a pickup point or by post.',
      es: 'Ramos y flores de seda, libros, herramientas y materiales para floristería en tela. Envío por mensajero, a punto de recogida o por correo.',
    },
  },
  product: {
    title: pageTitle('product'),
  },
} satisfies Record<string, PageText>;
