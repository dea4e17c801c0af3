import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations flat into migrations/, where wrangler and the tests read them.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
  migrations: { prefix: "index" },
});
