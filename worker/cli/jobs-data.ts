// Demo data for `npm start` (about 60 jobs, and a few in Arabic) and the deterministic load generator (`--jobs N`).
import type { JobInput } from "../jobs/derive";
import { DAY, HOUR } from "../rules/time";
import { ARABIC_COMPANY, ARABIC_COMPANY_ABOUT, ARABIC_EMPLOYERS, COMPANIES, LOCATIONS, ROLES, TYPES, describe, describeArabic, describeShort, rng, salaryText } from "./catalogue";
import type { ArabicRole, DemoCompany } from "./catalogue";

/** Stable ids, so reseeding and tests see the same jobs: 00000000-0000-4000-8000-<12 hex>. */
export function seedJobId(prefix: number, n: number): string {
  return `00000000-0000-4000-8${prefix.toString(16).padStart(3, "0")}-${n.toString(16).padStart(12, "0")}`;
}

/** The popular filter tags (Engineering, Remote, Startup, ...) are real tags on demo jobs. */
const CATEGORY_TAG: Record<string, string> = {
  Engineering: "Engineering",
  Product: "Product",
  Design: "Design",
  Marketing: "Marketing",
  Sales: "Sales",
  Operations: "Operations",
  Finance: "Finance",
  HR: "HR",
  "Customer Success": "Customer Support",
  "Data Science": "Data",
};

function demoTags(skills: string[], category: string, location: string, stage: string): string[] {
  const tags = [...skills, CATEGORY_TAG[category] ?? category];
  if (category === "Engineering" || category === "Data Science") tags.push("Technical");
  if (location.toLowerCase().includes("remote")) tags.push("Remote");
  if (stage === "Seed" || stage === "Series A") tags.push("Startup");
  return tags;
}

export function demoJobs(now: number): JobInput[] {
  const out: JobInput[] = [];
  for (let n = 0; n < 60; n++) {
    const company = COMPANIES[n % COMPANIES.length]!;
    const role = ROLES[(n * 7) % ROLES.length]!;
    const location = LOCATIONS[(n * 5) % LOCATIONS.length]!;
    // Spread over timeframes: a few today, some this week, the rest this month.
    const age = n < 8 ? n * 2 * HOUR + 20 * 60 * 1000 : n < 25 ? (n - 6) * 0.35 * DAY : (n - 20) * 0.6 * DAY;
    const created = now - Math.round(age);
    const enhancements: string[] = [];
    if (n % 9 === 0) enhancements.push("featured");
    if (n % 11 === 3) enhancements.push("sticky");
    if (n % 7 === 2) enhancements.push("highlight");
    if (n % 13 === 5) enhancements.push("company-profile");
    const applyByEmail = n % 6 === 4;
    out.push({
      id: seedJobId(1, n),
      title: role.title,
      company: company.name,
      companyId: company.page ? company.id : null,
      location,
      salary: n % 10 === 7 ? "" : salaryText(role, n),
      equity: n % 3 === 0 ? "0.1% - 0.5%" : n % 3 === 1 ? "0% - 2%" : "",
      stage: company.stage,
      category: role.category,
      type: TYPES[n % TYPES.length]!,
      description: describe(role, company, location, n),
      website: company.website,
      tags: demoTags(role.tags, role.category, location, company.stage),
      logo: `/logos/${company.id}.svg`,
      applyUrl: applyByEmail ? `jobs@${company.website.replace(/^https:\/\//, "")}` : `${company.website}/careers`,
      email: `hiring@${company.website.replace(/^https:\/\//, "")}`,
      // Every fourth demo job takes applications on the board (issue 26).
      applications: n % 4 === 1 ? 1 : 0,
      plan: n % 5 === 1 ? "premium" : "standard",
      enhancements,
      createdAt: created,
      published: 1,
      publishedAt: created,
      paymentStatus: "completed",
      source: "seed",
    });
  }
  return [...out, ...arabicDemoJobs(now)];
}

/** The Arabic demo jobs: written in Arabic by Arabic-speaking employers, with the board's usual type, category and stage. */
const ARABIC_JOBS: { role: ArabicRole; company: DemoCompany; location: string; type: string }[] = [
  {
    role: {
      title: "مهندس برمجيات أول",
      category: "Engineering",
      tags: ["هندسة البرمجيات", "React", "Node.js"],
      salary: "$120k - $160k",
      duties: ["تصميم خدمات المنصة وبناؤها من البداية إلى النهاية", "مراجعة الشيفرة وتوجيه المهندسين الأحدث في الفريق", "العمل مع فريق المنتج لإطلاق تحديثات كل أسبوع"],
      skills: "خبرة لا تقل عن خمس سنوات في تطوير الأنظمة الخلفية وواجهات الويب باستخدام TypeScript.",
    },
    // Written both ways, as Gulf boards often do: the English browser tests expect every result of the
    // location filter "Dubai" to say "Dubai", and the Arabic ones expect "دبي" to find it.
    company: ARABIC_COMPANY,
    location: "دبي (Dubai)، الإمارات",
    type: "full-time",
  },
  {
    role: {
      title: "مصمم تجربة المستخدم",
      category: "Design",
      tags: ["تجربة المستخدم", "تصميم الواجهات", "Figma"],
      salary: "٢٠٬٠٠٠ - ٢٨٬٠٠٠ ريال شهريًا",
      duties: ["إجراء مقابلات مع التجار وتحويل ما نتعلمه إلى نماذج أولية", "تصميم واجهات تعمل بالعربية والإنجليزية من اليمين إلى اليسار وبالعكس", "بناء نظام التصميم والمحافظة عليه"],
      skills: "معرض أعمال يُظهر تصميم منتجات رقمية، وخبرة في تصميم الواجهات العربية.",
    },
    company: ARABIC_COMPANY,
    location: "الرياض، السعودية",
    type: "full-time",
  },
  {
    role: {
      title: "مطور واجهات أمامية",
      category: "Engineering",
      tags: ["React", "TypeScript", "عن بعد"],
      salary: "$70k - $100k",
      duties: ["بناء صفحات لوحة التحكم التي يستخدمها التجار كل يوم", "تحسين سرعة الصفحات وإمكانية الوصول", "كتابة اختبارات آلية لكل ميزة جديدة"],
      skills: "خبرة لا تقل عن ثلاث سنوات في React وTypeScript وCSS الحديثة.",
    },
    company: ARABIC_COMPANY,
    location: "عن بعد",
    type: "contract",
  },
  {
    role: {
      title: "مُهَنْدِس بيانات",
      category: "Data Science",
      tags: ["هندسة البيانات", "Python", "SQL"],
      salary: "٣٠٬٠٠٠ - ٤٠٬٠٠٠ درهم شهريًا",
      duties: ["بناء خطوط نقل البيانات من المتاجر إلى مستودع البيانات", "ضمان جودة البيانات ودقتها", "تجهيز البيانات لفريق التحليلات والتعلم الآلي"],
      skills: "خبرة في Python وSQL وأدوات جدولة المهام مثل Airflow.",
    },
    company: ARABIC_COMPANY,
    location: "أبوظبي، الإمارات",
    type: "full-time",
  },
  {
    role: {
      title: "مدير تسويق",
      category: "Marketing",
      tags: ["تسويق رقمي", "تحسين محركات البحث", "المحتوى"],
      salary: "$50k - $75k",
      duties: ["وضع خطة التسويق السنوية وإدارة ميزانيتها", "قيادة حملات التسويق الرقمي على وسائل التواصل الاجتماعي", "قياس نتائج الحملات وتحسينها باستمرار"],
      skills: "خبرة لا تقل عن خمس سنوات في التسويق الرقمي، ويفضّل في التجارة الإلكترونية.",
    },
    company: ARABIC_EMPLOYERS[0]!,
    location: "عمّان، الأردن",
    type: "full-time",
  },
  {
    role: {
      title: "محلل بيانات",
      category: "Data Science",
      tags: ["تحليل البيانات", "SQL", "Power BI"],
      salary: "$60k - $85k",
      duties: ["بناء لوحات متابعة لأداء المنتجات المصرفية", "تحليل سلوك العملاء وتقديم توصيات واضحة للإدارة", "العمل مع فرق المخاطر والامتثال على تقارير دورية"],
      skills: "إتقان SQL وأداة واحدة على الأقل من أدوات ذكاء الأعمال.",
    },
    company: ARABIC_EMPLOYERS[1]!,
    location: "الدوحة، قطر",
    type: "full-time",
  },
  {
    role: {
      title: "محاسب أول",
      category: "Finance",
      tags: ["المحاسبة", "المعايير الدولية لإعداد التقارير المالية"],
      salary: "١٢٬٠٠٠ - ١٦٬٠٠٠ ريال قطري شهريًا",
      duties: ["إعداد القوائم المالية الشهرية والسنوية", "متابعة الحسابات الدائنة والمدينة", "التنسيق مع المدققين الخارجيين"],
      skills: "شهادة محاسبية مهنية وخبرة لا تقل عن أربع سنوات في القطاع المصرفي.",
    },
    company: ARABIC_EMPLOYERS[1]!,
    location: "جدة، السعودية",
    type: "full-time",
  },
];

export function arabicDemoJobs(now: number): JobInput[] {
  return ARABIC_JOBS.map(({ role, company, location, type }, n) => {
    // A week or two old: among the English demo jobs, not on top of them.
    const created = now - Math.round((8 + n * 0.8) * DAY);
    const domain = company.website.replace(/^https:\/\//, "");
    return {
      id: seedJobId(3, n),
      title: role.title,
      company: company.name,
      companyId: company.page ? company.id : null,
      location,
      salary: role.salary,
      equity: company.stage === "Seed" || company.stage === "Series A" ? "0.1% - 0.5%" : "",
      stage: company.stage,
      category: role.category,
      type,
      description: describeArabic(role, company, location, company.page ? ARABIC_COMPANY_ABOUT : ""),
      website: company.website,
      tags: role.tags,
      logo: "",
      applyUrl: n % 3 === 2 ? `jobs@${domain}` : `${company.website}/careers`,
      applications: n % 2 === 0 ? 1 : 0,
      email: `hiring@${domain}`,
      plan: n === 0 ? "premium" : "standard",
      enhancements: n === 0 ? ["highlight"] : [],
      createdAt: created,
      published: 1,
      publishedAt: created,
      paymentStatus: "completed",
      source: "seed",
    };
  });
}

const NAME_A = [
  "Nimbus",
  "Falcon",
  "Oasis",
  "Dune",
  "Cedar",
  "Pearl",
  "Atlas",
  "Nova",
  "Zephyr",
  "Mosaic",
  "Harbor",
  "Summit",
  "Orbit",
  "Saffron",
  "Lumen",
  "Vertex",
  "Sable",
  "Cobalt",
  "Juniper",
  "Quartz",
];
const NAME_B = [
  "Labs",
  "Pay",
  "Health",
  "Logistics",
  "AI",
  "Commerce",
  "Robotics",
  "Energy",
  "Learning",
  "Security",
  "Mobility",
  "Foods",
  "Capital",
  "Cloud",
  "Analytics",
  "Studio",
  "Works",
  "Systems",
  "Markets",
  "Bio",
];
const TEAMS = ["Payments", "Growth", "Platform", "Checkout", "Risk", "Search", "Identity", "Mobile", "Data Platform", "Marketplace", "Onboarding", "Billing", "Infrastructure", "Partnerships", "Core"];

/** Distinct (company, role, team) combinations: 400 companies × 23 roles × 15 teams. */
const COMBINATIONS = NAME_A.length * NAME_B.length * ROLES.length * TEAMS.length;
/** A step coprime to COMBINATIONS (a prime that divides none of its factors), so n → n × STEP mod
 *  COMBINATIONS visits every combination once before any repeats, scattered rather than in order. */
const STEP = 7919;

/** The n-th generated job's company, role and team: never the same title and company twice, so no two
 *  generated jobs collapse as duplicates. Past every combination, the company name gets a number. */
function generatedIdentity(n: number) {
  let k = ((n % COMBINATIONS) * STEP) % COMBINATIONS;
  const round = Math.floor(n / COMBINATIONS);
  const team = TEAMS[k % TEAMS.length]!;
  k = Math.floor(k / TEAMS.length);
  const role = ROLES[k % ROLES.length]!;
  k = Math.floor(k / ROLES.length);
  const b = NAME_B[k % NAME_B.length]!;
  const a = NAME_A[Math.floor(k / NAME_B.length)]!;
  return { name: round ? `${a} ${b} ${round + 1}` : `${a} ${b}`, role, team };
}

/** N generated jobs, the same for the same N and start time: for load tests and benchmarks. Every one
 * is visible: titles and companies never repeat (generatedIdentity), so duplicate collapsing hides none. */
export function generatedJobs(count: number, now: number): JobInput[] {
  const random = rng(42);
  const out: JobInput[] = new Array(count);
  for (let n = 0; n < count; n++) {
    const brand = COMPANIES[Math.floor(random() * COMPANIES.length)]!;
    const { name, role, team } = generatedIdentity(n);
    const company = { ...brand, name, id: name.toLowerCase().replace(/\s+/g, "-"), page: false };
    const location = LOCATIONS[Math.floor(random() * LOCATIONS.length)]!;
    const created = now - Math.floor(random() * 29 * DAY);
    const r = random();
    const enhancements = r < 0.05 ? ["featured"] : r < 0.08 ? ["highlight"] : r < 0.1 ? ["sticky"] : [];
    out[n] = {
      id: seedJobId(2, n),
      title: `${role.title}, ${team}`,
      company: company.name,
      companyId: null,
      location,
      salary: salaryText(role, n),
      equity: "0% - 2%",
      stage: brand.stage,
      category: role.category,
      type: TYPES[n % TYPES.length]!,
      description: describeShort(role, company, n),
      website: `https://${company.id}.example`,
      tags: role.tags,
      logo: "",
      applyUrl: `https://${company.id}.example/careers/${n}`,
      email: "",
      plan: random() < 0.1 ? "premium" : "standard",
      enhancements,
      createdAt: created,
      published: 1,
      publishedAt: created,
      source: "seed",
    };
  }
  return out;
}
