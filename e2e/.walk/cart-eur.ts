import { apiData } from '../src/api';
const base = 'http://127.0.0.1:3111';
const token = process.env.TOKEN!;
const courses = await apiData<any[]>(base, '/training/courses');
const course = courses.find((c) => c.lessons.length >= 2 && c.price.rub > 0);
const products = await apiData<any[]>(base, '/shop?limit=100&sort=price_asc');
const tool = products.find((p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 3 && p.price.eur !== null && p.category !== 'book');
await apiData(base, '/cart', { token, method: 'PUT', body: { items: [{ type: 'course', id: course.id, quantity: 1 }, { type: 'product', id: tool.id, quantity: 1 }] } });
console.log(tool.name.en, tool.price.eur);
