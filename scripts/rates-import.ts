/**
 * npm run rates:import -- <file.xml>…: stores the ECB euro reference rates of the ECB's daily or
 * 90-day file (eurofxref-daily.xml, eurofxref-hist-90d.xml) in the configured database, for a
 * server that cannot fetch them itself (EXCHANGE_RATES_REFRESH=off). Invoices to buyers whose
 * currency is not the euro convert at these rates (server/services/sales/exchange-rates.ts).
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { parseEcbRates, storeRates } from '../server/services/sales/exchange-rates';

async function main() {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('Usage: npm run rates:import -- eurofxref-daily.xml [more.xml…]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dir: config.dataDir },
  );
  try {
    for (const file of files) {
      const rates = parseEcbRates(await readFile(file, 'utf8'));
      if (rates.length === 0)
        throw new Error(`${file} holds no ECB rate (<Cube time=…><Cube currency=… rate=…/>)`);
      const added = await storeRates(database.db, rates);
      const days = [...new Set(rates.map((rate) => rate.day))].sort();
      console.log(`${file}: ${rates.length} rates of ${days[0]} to ${days.at(-1)}, ${added} new`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
