/**
 * `npm run cdek:fake -w apps/server [-- --port 3010]`: the CDEK fake on its own, for trying CDEK
 * delivery in the demo without CDEK's test account. Start it, put the three lines it prints in
 * `.env` (or the environment of `npm start` / `npm run dev`), and move a registered parcel on with
 * the `curl` line it prints: the shop hears of it by webhook, as from CDEK.
 */
import { startCdekFake } from './cdek-fake';

const at = process.argv.indexOf('--port');
const port = at >= 0 ? Number(process.argv[at + 1]) : 3010;
const fake = await startCdekFake({ port });
console.log(`CDEK fake listening at ${fake.apiUrl}

  CDEK_CLIENT_ID=${fake.clientId}
  CDEK_CLIENT_SECRET=${fake.clientSecret}
  CDEK_API_URL=${fake.apiUrl}

Cities: Москва, Санкт-Петербург, Казань, Новосибирск. Move a registered parcel on (its CDEK uuid is on
the admin order page):
  curl -X POST ${fake.origin}/fake/orders/<uuid>/status -H 'content-type: application/json' \\
       -d '{"code":"ACCEPTED_AT_PICK_UP_POINT"}'
Codes: RECEIVED_AT_SHIPMENT_WAREHOUSE, ACCEPTED_AT_PICK_UP_POINT, POSTOMAT_POSTED, DELIVERED, NOT_DELIVERED.
Ctrl+C stops it.`);
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
