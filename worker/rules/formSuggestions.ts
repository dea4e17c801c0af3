// What the posting forms suggest as an employer types (the salary presets, popular locations, skills): a module of its
// own, so the listing's first load, which reads ./lists.ts, does not carry the forms' suggestions (npm run size).

import type { Locale } from "./i18n";

export const SALARY_PRESETS = ["$50k-$80k", "$80k-$120k", "$120k-$160k", "$160k-$200k", "$200k+"] as const;

export const POPULAR_LOCATIONS = [
  "Remote",
  "Remote (Worldwide)",
  "Remote (MENA)",
  "Remote (Europe)",
  "Remote (US)",
  "Dubai, UAE",
  "Abu Dhabi, UAE",
  "Sharjah, UAE",
  "Ras Al Khaimah, UAE",
  "Al Ain, UAE",
  "Riyadh, Saudi Arabia",
  "Jeddah, Saudi Arabia",
  "Dammam, Saudi Arabia",
  "Khobar, Saudi Arabia",
  "Mecca, Saudi Arabia",
  "Medina, Saudi Arabia",
  "Doha, Qatar",
  "Manama, Bahrain",
  "Kuwait City, Kuwait",
  "Muscat, Oman",
  "Cairo, Egypt",
  "Amman, Jordan",
  "Istanbul, Turkey",
  "London, UK",
  "Berlin, Germany",
  "Paris, France",
  "Amsterdam, Netherlands",
  "New York, NY",
  "San Francisco, CA",
  "Toronto, Canada",
  "Singapore",
  "Bangalore, India",
  "Sydney, Australia",
] as const;

/**
 * The same places, one for one, as an Arabic-speaking employer writes them: the Arabic form offered only the English
 * ones, so a job posted in Arabic read "Remote" or "Dubai, UAE" on the Arabic board (issue 25). Search finds each by
 * its English name and the reverse (./searchAliases.ts), and a job page's structured data reads the same place
 * (worker/discovery/places.ts); test/unit/form-suggestions.test.ts holds both.
 */
export const POPULAR_LOCATIONS_AR = [
  "عن بُعد",
  "عن بُعد (من أي مكان)",
  "عن بُعد (الشرق الأوسط وشمال أفريقيا)",
  "عن بُعد (أوروبا)",
  "عن بُعد (الولايات المتحدة)",
  "دبي، الإمارات",
  "أبوظبي، الإمارات",
  "الشارقة، الإمارات",
  "رأس الخيمة، الإمارات",
  "العين، الإمارات",
  "الرياض، السعودية",
  "جدة، السعودية",
  "الدمام، السعودية",
  "الخبر، السعودية",
  "مكة المكرمة، السعودية",
  "المدينة المنورة، السعودية",
  "الدوحة، قطر",
  "المنامة، البحرين",
  "مدينة الكويت، الكويت",
  "مسقط، سلطنة عمان",
  "القاهرة، مصر",
  "عمّان، الأردن",
  "إسطنبول، تركيا",
  "لندن، المملكة المتحدة",
  "برلين، ألمانيا",
  "باريس، فرنسا",
  "أمستردام، هولندا",
  "نيويورك، الولايات المتحدة",
  "سان فرانسيسكو، الولايات المتحدة",
  "تورنتو، كندا",
  "سنغافورة",
  "بنغالور، الهند",
  "سيدني، أستراليا",
] as const;

/** The location field's suggestions: the page's language first; the other language's still match what is typed in it. */
export function locationSuggestions(lang: Locale): readonly string[] {
  return lang === "ar" ? [...POPULAR_LOCATIONS_AR, ...POPULAR_LOCATIONS] : [...POPULAR_LOCATIONS, ...POPULAR_LOCATIONS_AR];
}

export const SUGGESTED_SKILLS = [
  "JavaScript",
  "TypeScript",
  "React",
  "Node.js",
  "Python",
  "Go",
  "Rust",
  "Java",
  "Swift",
  "Kotlin",
  "Flutter",
  "React Native",
  "AWS",
  "DevOps",
  "Kubernetes",
  "PostgreSQL",
  "GraphQL",
  "Machine Learning",
  "Data Analysis",
  "SQL",
  "Product Management",
  "UI/UX Design",
  "Figma",
  "Growth Marketing",
  "SEO/SEM",
  "Content Marketing",
  "Sales",
  "B2B Sales",
  "Account Management",
  "Customer Success",
  "Agile",
  "Scrum",
  "SaaS",
  "Fundraising",
  "Pitch Development",
  "Financial Modeling",
  "Recruiting",
  "Blockchain",
] as const;
