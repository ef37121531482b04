import { migrateDatabase, openPglite } from '../../src/server/db/client';
import { benchWindowRatios } from './perf-db-window';
const db = await openPglite();
await migrateDatabase(db);
console.log(await benchWindowRatios(db, new Date().toISOString().slice(0, 10)));
await db.close();
