// Realistic material for demo data and the load generator: companies, roles by category, places.
export interface DemoCompany {
  id: string;
  name: string;
  tagline: string;
  website: string;
  stage: string;
  colour: string;
  /** Listed in the companies table with a company page. */
  page?: boolean;
}

export const COMPANIES: DemoCompany[] = [
  { id: "stripe", name: "Stripe", tagline: "Financial infrastructure for the internet", website: "https://stripe.com", stage: "Series C+", colour: "#635bff", page: true },
  { id: "coinbase", name: "Coinbase", tagline: "The easiest place to buy and sell crypto", website: "https://coinbase.com", stage: "Public", colour: "#0052ff", page: true },
  { id: "airbnb", name: "Airbnb", tagline: "Belong anywhere", website: "https://airbnb.com", stage: "Public", colour: "#ff5a5f", page: true },
  { id: "your-company", name: "Your Company", tagline: "Your Spotlight page could look like this", website: "https://example.com", stage: "Seed", colour: "#0f766e", page: true },
  { id: "tabby", name: "Tabby", tagline: "Buy now, pay later across the Gulf", website: "https://tabby.ai", stage: "Series C+", colour: "#3bffc1" },
  { id: "careem", name: "Careem", tagline: "The everything app for the region", website: "https://careem.com", stage: "Series C+", colour: "#1fa24a" },
  { id: "sary", name: "Sary", tagline: "B2B marketplace for small businesses", website: "https://sary.com", stage: "Series B", colour: "#7c3aed" },
  { id: "foodics", name: "Foodics", tagline: "Restaurant management in the cloud", website: "https://foodics.com", stage: "Series C+", colour: "#5b21b6" },
  { id: "lean-technologies", name: "Lean Technologies", tagline: "Open banking APIs for the Middle East", website: "https://leantech.me", stage: "Series A", colour: "#111827" },
  { id: "kitopi", name: "Kitopi", tagline: "Smart kitchens, delivered", website: "https://kitopi.com", stage: "Series C+", colour: "#f59e0b" },
  { id: "sarwa", name: "Sarwa", tagline: "Investing made simple", website: "https://sarwa.co", stage: "Series B", colour: "#2563eb" },
  { id: "huspy", name: "Huspy", tagline: "Home buying, made easy", website: "https://huspy.com", stage: "Series A", colour: "#e11d48" },
  { id: "salla", name: "Salla", tagline: "E-commerce platform for merchants", website: "https://salla.sa", stage: "Series B", colour: "#0891b2" },
  { id: "anghami", name: "Anghami", tagline: "Music streaming for the Arab world", website: "https://anghami.com", stage: "Public", colour: "#a21caf" },
  { id: "nomad-labs", name: "Nomad Labs", tagline: "Remote-first developer tools", website: "https://nomadlabs.dev", stage: "Seed", colour: "#16a34a" },
  { id: "qanz", name: "Qanz", tagline: "Islamic digital asset custody", website: "https://qanz.io", stage: "Seed", colour: "#ca8a04" },
];

export interface Role {
  title: string;
  category: string;
  tags: string[];
  salary: [number, number];
}

export const ROLES: Role[] = [
  { title: "Senior Frontend Engineer", category: "Engineering", tags: ["React", "TypeScript", "JavaScript"], salary: [120, 160] },
  { title: "Backend Engineer", category: "Engineering", tags: ["Node.js", "PostgreSQL", "AWS"], salary: [110, 150] },
  { title: "Staff Software Engineer", category: "Engineering", tags: ["Go", "Kubernetes", "DevOps"], salary: [180, 240] },
  { title: "Mobile Engineer (iOS)", category: "Engineering", tags: ["Swift", "iOS"], salary: [100, 140] },
  { title: "Android Engineer", category: "Engineering", tags: ["Kotlin", "Android"], salary: [95, 135] },
  { title: "Flutter Developer", category: "Engineering", tags: ["Flutter", "Dart", "Mobile"], salary: [60, 90] },
  { title: "Site Reliability Engineer", category: "Engineering", tags: ["DevOps", "AWS", "Kubernetes"], salary: [130, 170] },
  { title: "Blockchain Engineer", category: "Engineering", tags: ["Blockchain", "Rust", "Solidity"], salary: [140, 200] },
  { title: "Product Manager", category: "Product", tags: ["Product Management", "Agile", "SaaS"], salary: [110, 150] },
  { title: "Senior Product Manager, Payments", category: "Product", tags: ["Product Management", "Fintech"], salary: [150, 190] },
  { title: "Product Designer", category: "Design", tags: ["UI/UX Design", "Figma"], salary: [90, 130] },
  { title: "Brand Designer", category: "Design", tags: ["Branding", "Figma", "Illustration"], salary: [70, 100] },
  { title: "Growth Marketing Manager", category: "Marketing", tags: ["Growth Marketing", "SEO/SEM"], salary: [80, 120] },
  { title: "Content Marketing Lead", category: "Marketing", tags: ["Content Marketing", "SEO/SEM", "Arabic"], salary: [60, 90] },
  { title: "Account Executive", category: "Sales", tags: ["B2B Sales", "SaaS"], salary: [70, 110] },
  { title: "Sales Development Representative", category: "Sales", tags: ["Sales", "B2B Sales"], salary: [45, 65] },
  { title: "Operations Manager", category: "Operations", tags: ["Operations", "Logistics"], salary: [75, 105] },
  { title: "Finance Manager", category: "Finance", tags: ["Financial Modeling", "Fundraising"], salary: [90, 130] },
  { title: "Talent Partner", category: "HR", tags: ["Recruiting", "HR"], salary: [60, 90] },
  { title: "Customer Success Manager", category: "Customer Success", tags: ["Customer Success", "Account Management"], salary: [55, 85] },
  { title: "Data Scientist", category: "Data Science", tags: ["Python", "Machine Learning", "SQL"], salary: [120, 165] },
  { title: "Machine Learning Engineer", category: "Data Science", tags: ["Python", "Machine Learning", "PyTorch"], salary: [140, 200] },
  { title: "Data Analyst", category: "Data Science", tags: ["SQL", "Data Analysis"], salary: [65, 95] },
];

export const LOCATIONS = [
  "Remote",
  "Remote (MENA)",
  "Remote (Worldwide)",
  "Dubai, UAE",
  "Abu Dhabi, UAE",
  "Riyadh, Saudi Arabia",
  "Jeddah, Saudi Arabia",
  "Doha, Qatar",
  "Manama, Bahrain",
  "Kuwait City, Kuwait",
  "Cairo, Egypt",
  "Amman, Jordan",
  "London, UK",
  "Berlin, Germany",
  "San Francisco, CA",
  "New York, NY",
  "Singapore",
];

export const TYPES = ["full-time", "full-time", "full-time", "part-time", "contract", "internship", "freelance"];

const PERKS = [
  "Competitive salary and meaningful equity",
  "Private health insurance for you and your family",
  "Annual learning budget and conference tickets",
  "Flexible hours and a yearly team offsite",
  "Relocation support and visa sponsorship",
  "Home-office budget for remote teammates",
];

/** A rich description (HTML) for a role at a company, varied by n. */
export function describe(role: Role, company: DemoCompany, location: string, n: number): string {
  const perks = [PERKS[n % PERKS.length], PERKS[(n + 2) % PERKS.length], PERKS[(n + 4) % PERKS.length]];
  const where = location.toLowerCase().includes("remote") ? "from anywhere in our time zones" : `from our ${location.split(",")[0]} office`;
  return [
    `<p>${company.name} is hiring a <strong>${role.title}</strong> to join the team ${where}. ${company.tagline}, and we are growing fast across the region.</p>`,
    `<h2>What you will do</h2>`,
    `<ul><li>Own meaningful problems end to end, with ${role.tags[0]} at the core of your work.</li><li>Work closely with product, design and customers to ship every week.</li><li>Raise the bar for quality and mentor the people around you.</li></ul>`,
    `<h2>What we look for</h2>`,
    `<p>Several years of experience with ${role.tags.join(", ")}, clear writing, and care for the people who use what we build. Arabic is a plus, never a requirement.</p>`,
    `<h2>Benefits</h2>`,
    `<ul>${perks.map((p) => `<li>${p}</li>`).join("")}</ul>`,
  ].join("");
}

/** A short description for the load generator: still realistic and over 100 characters. */
export function describeShort(role: Role, company: DemoCompany, n: number): string {
  return `<p>${company.name} is hiring a <strong>${role.title}</strong>. You will work with ${role.tags.join(", ")} and ship to customers every week. ${PERKS[n % PERKS.length]}.</p>`;
}

/**
 * A job's salary text: mostly dollars a year; every sixth in dirhams a month, every sixth in riyals a month
 * and some in euros or pounds a year, so the pay filter's conversions have something to convert.
 */
export function salaryText(role: Role, n: number): string {
  const bump = (n % 4) * 10;
  const [lo, hi] = [role.salary[0] + bump, role.salary[1] + bump];
  // A yearly amount in thousands of dollars, per month in a Gulf currency, rounded to 500.
  const monthly = (k: number, rate: number) => (Math.round((k * 1000 * rate) / 12 / 500) * 500).toLocaleString("en-US");
  switch (n % 12) {
    case 1:
    case 7:
      return `AED ${monthly(lo, 3.6725)} - ${monthly(hi, 3.6725)} monthly`;
    case 3:
      return `${monthly(lo, 3.75)}-${monthly(hi, 3.75)} SAR per month`;
    case 5:
      return `€${Math.round(lo * 0.92)}k - €${Math.round(hi * 0.92)}k`;
    case 11:
      return `£${Math.round(lo * 0.79)}k - £${Math.round(hi * 0.79)}k a year`;
    default:
      return `$${lo}k - $${hi}k`;
  }
}

/** Deterministic pseudo-random numbers (mulberry32), so seeds are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function logoSvg(c: DemoCompany): string {
  const initials = c.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${c.colour}"/><text x="48" y="60" font-family="Helvetica, Arial, sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>\n`;
}

// ── Arabic demo data (issue 13): Arabic-language jobs, and one Arabic company with a company page ────
/** An Arabic-speaking employer with a company page (no bundled logo: the page shows its initial). */
export const ARABIC_COMPANY: DemoCompany = {
  id: "afaq",
  name: "أفق للتقنية",
  tagline: "نبني أدوات سحابية تساعد المتاجر في الخليج على البيع عبر الإنترنت",
  website: "https://afaq.example",
  stage: "Series A",
  colour: "#0e7490",
  page: true,
};

/** What the company page's jobs say about the company (the companies table holds only its tagline). */
export const ARABIC_COMPANY_ABOUT = "أفق للتقنية شركة ناشئة تأسست في دبي، تخدم أكثر من ثلاثة آلاف متجر في الإمارات والسعودية وقطر، ويعمل فريقها من دبي والرياض وعن بُعد.";

/** Arabic employers without a company page. */
export const ARABIC_EMPLOYERS: DemoCompany[] = [
  { id: "najma", name: "نجمة للتجارة الإلكترونية", tagline: "سوق إلكتروني للأسر المنتجة في بلاد الشام", website: "https://najma.example", stage: "Seed", colour: "#be123c" },
  { id: "waha-bank", name: "مصرف الواحة الرقمي", tagline: "خدمات مصرفية رقمية متوافقة مع الشريعة", website: "https://waha.example", stage: "Series B", colour: "#15803d" },
];

export interface ArabicRole {
  title: string;
  category: string;
  tags: string[];
  salary: string;
  duties: string[];
  skills: string;
}

/** A job description in Arabic (HTML), as describe() writes the English ones. */
export function describeArabic(role: ArabicRole, company: DemoCompany, location: string, about = ""): string {
  const where = location.includes("عن بعد") || location.includes("عن بُعد") ? "عن بُعد من أي مكان في منطقتنا الزمنية" : `من مكتبنا في ${location.split("،")[0]!.replace(/\s*\(.*\)$/, "")}`;
  return [
    `<p>لدى ${company.name} وظيفة شاغرة بمسمى <strong>${role.title}</strong> للانضمام إلى الفريق ${where}. ${company.tagline}، ونحن ننمو بسرعة في أنحاء المنطقة.</p>`,
    ...(about ? [`<p>${about}</p>`] : []),
    "<h2>ماذا ستفعل</h2>",
    `<ul>${role.duties.map((d) => `<li>${d}</li>`).join("")}</ul>`,
    "<h2>ما نبحث عنه</h2>",
    `<p>${role.skills} نقدّر الكتابة الواضحة والاهتمام بالأشخاص الذين يستخدمون ما نبنيه. إتقان اللغة الإنجليزية ميزة إضافية.</p>`,
    "<h2>المزايا</h2>",
    "<ul><li>راتب تنافسي وحصة في أسهم الشركة</li><li>تأمين صحي خاص لك ولعائلتك</li><li>ساعات عمل مرنة وميزانية سنوية للتعلّم</li></ul>",
  ].join("");
}
