// Compares the totals of English searches on two servers over the same data: node test/bench/compare-totals.mjs
// BEFORE_URL AFTER_URL. Issue 25 asked that English queries keep their totals across the Arabic search changes, on
// 100,000 jobs: serve the bench's dataset (.wrangler/bench/100000, copied once per server) with the old commit's worker
// and with this one, then run this. It prints the number of queries, how many answered the same total, and each that did not.
const [A, B] = process.argv.slice(2);
if (!A || !B) {
  console.error("usage: node test/bench/compare-totals.mjs BEFORE_URL AFTER_URL");
  process.exit(2);
}
const kw = [
  "engineer",
  "engineers",
  "developer",
  "senior engineer",
  "product",
  "design",
  "designer",
  "manager",
  "data",
  "python",
  "react",
  "machine learning",
  "sales",
  "marketing",
  "frontend",
  "backend",
  "full stack",
  "devops",
  "finance",
  "analyst",
  "product manager",
  "intern",
  "lead",
  "software engineer",
  "ai",
  "go",
  "java",
  "c++",
  "node.js",
  ".net",
  "ux/ui",
  "b2b",
  "e-commerce",
  "team",
  "experience",
  "billing",
  "Engineer, Billing",
  "growth",
  "security",
  "mobile",
  "ios",
  "android",
  "cloud",
  "payments",
  "fintech",
  "remote",
  "nova analytics",
  "stripe",
];
const loc = ["dubai", "san francisco", "london", "new york", "berlin", "riyadh", "dubai, uae", "San Francisco, CA", "remote", "uae", "united states", "cairo", "singapore", "abu dhabi", "ca"];
const tags = ["Python", "React", "Machine Learning", "Go", "TypeScript", "Technical"];
const filters = [{}, { remote: "true" }, { type: "full-time" }, { timeframe: "week" }, { minSalary: "15000", currency: "AED", period: "month" }, { tags: "Python" }, { location: "dubai" }];
const queries = [];
for (const k of kw) queries.push({ keywords: k });
for (const l of loc) queries.push({ location: l });
for (const t of tags) queries.push({ tags: t });
for (const f of filters) for (const k of ["engineer", "product", "data"]) queries.push({ keywords: k, ...f });
for (const f of filters) queries.push({ location: "san francisco", ...f });
const total = async (base, q) => {
  const r = await fetch(`${base}/api/jobs?${new URLSearchParams({ ...q, limit: "1" })}`, { headers: { "Accept-Language": "en" } });
  if (!r.ok) return `HTTP ${r.status}`;
  return (await r.json()).total;
};
let same = 0;
const diff = [];
for (const q of queries) {
  const [a, b] = await Promise.all([total(A, q), total(B, q)]);
  if (a === b) same++;
  else diff.push({ q: new URLSearchParams(q).toString(), before: a, after: b });
}
console.log(JSON.stringify({ queries: queries.length, same, diff }, null, 1));
